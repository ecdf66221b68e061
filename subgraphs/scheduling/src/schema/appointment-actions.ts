import { builder } from "../builder";
import { appointmentMachine } from "../domain/appointment-machine";
import { transitionAppointment } from "../operations/appointments";
import { AppointmentRef } from "./appointment";
import { appointmentScope } from "./appointment-scope";

builder.machineMutations({
  machine: appointmentMachine,
  resourceName: "Appointment",
  ref: AppointmentRef,
  authScopes: { permission: "appointments:act" },
  perform: async ({ id, action, caller, body }, context) => {
    await appointmentScope.requireInReach(context, id);
    return transitionAppointment(context, { id, action, caller, body });
  },
});
