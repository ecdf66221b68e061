import { defineSearchProjection } from "@pap/kernel/search";
import { appointmentEvents } from "../domain/events";

/** An appointment in cross-resource search: titled "type — date", found by type, status and notes. */
export const appointmentSearch = defineSearchProjection({
  type: "appointment",
  table: "appointment",
  events: [`${appointmentEvents.domain}.appointment.`],
  title: { columns: [{ column: "appointmentType" }, { column: "startAt", as: "date" }], separator: " — " },
  attributes: [
    { field: "appointmentType", label: "Type", column: "appointmentType" },
    { field: "status", label: "Status", column: "status" },
    { field: "notes", label: "Notes", column: "notes" },
    { field: "startAt", label: "Date", column: "startAt", as: "date" },
  ],
  path: "/scheduling/appointments/{id}",
  read: { permission: "appointments:read" },
  county: "county",
});
