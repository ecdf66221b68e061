import { builder } from "../builder";
import { appointmentEvents } from "../domain/events";
import { AppointmentRef } from "./appointment";
import { appointmentScope } from "./appointment-scope";

builder.addChangeFeed({
  entity: AppointmentRef,
  field: "appointment",
  subscription: "appointmentChanged",
  noun: "appointment",
  domain: "scheduling domain",
  source: appointmentEvents.source,
  permission: "appointments:read",
  loader: (context) => context.loaders.appointmentById,
  reachable: appointmentScope.idInReach,
});
