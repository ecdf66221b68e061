import { defineSearchProjection } from "@pap/kernel/search";
import { caseEvents } from "../domain/events";

/** A case in cross-resource search: titled by its id (a case has no name), found by id and status. */
export const caseSearch = defineSearchProjection({
  type: "case",
  table: "case",
  events: [`${caseEvents.domain}.case.`],
  title: { columns: [] },
  attributes: [{ field: "status", label: "Status", column: "status" }],
  path: "/case-management/cases/{id}",
  read: { permission: "cases:read" },
  county: "county",
});
