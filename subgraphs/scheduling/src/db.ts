import type { Appointment, PrismaClient } from "@pap/db";
import { createByKeyLoader, createGroupLoader, type RequestScope } from "@pap/kernel";

function loaders(db: PrismaClient) {
  return {
    appointmentById: createByKeyLoader<string, Appointment>(
      (ids) => db.appointment.findMany({ where: { id: { in: [...ids] } } }),
      (appointment) => appointment.id,
    ),
    appointmentsByPerson: createGroupLoader<string, Appointment>(
      (personIds) => db.appointment.findMany({ where: { personId: { in: [...personIds] } }, orderBy: [{ startAt: "asc" }, { id: "asc" }] }),
      (appointment) => [appointment.personId],
    ),
  };
}

export type SchedulingContext = RequestScope<PrismaClient> & { loaders: ReturnType<typeof loaders> };

export function createContext(scope: RequestScope<PrismaClient>): SchedulingContext {
  return { ...scope, loaders: loaders(scope.db) };
}
