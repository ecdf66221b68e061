import { countyScope } from "@pap/kernel/auth";
import type { SchedulingContext } from "../context";

/**
 * County scoping for appointments (docs/county-scoping.md): one of a county out of the caller's reach
 * is not found, however it is asked for, and lists leave it out. A new appointment's county is its
 * subject's (`countyOfNewRecord`).
 */
export const appointmentScope = countyScope<SchedulingContext>("Appointment", (context, id) =>
  context.db.appointment.findUnique({ where: { id }, select: { county: true } }),
);
