import { entityChanges } from "@pap/events";
import { addChangeFeed, loadByUuid } from "@pap/kernel";
import { builder } from "../builder";
import { appointmentEvents } from "../domain/events";
import { AppointmentRef } from "./appointment";

addChangeFeed(builder, {
  entity: AppointmentRef,
  field: "appointment",
  subscription: "appointmentChanged",
  noun: "appointment",
  domain: "scheduling domain",
  source: appointmentEvents.source,
  permission: "appointments:read",
  load: (context, id) => loadByUuid(context.loaders.appointmentById, id),
  changes: (context, id) => entityChanges(context, appointmentEvents.source, id),
});
