import { defineSearchProjection } from "@pap/kernel/search";
import { intakeEvents } from "../domain/events";

/**
 * An application in cross-resource search: titled by its primary applicant's name (its id until it
 * has one), found by that name, status and programs. Its lifecycle's events, its determination's and
 * its members' (which change the applicant's name) all name the application as their subject.
 */
export const applicationSearch = defineSearchProjection({
  type: "application",
  table: "intake_application",
  events: [`${intakeEvents.domain}.application.`, `${intakeEvents.domain}.application_member.`, `${intakeEvents.domain}.determination.`],
  title: { columns: [{ column: "applicantFirstName" }, { column: "applicantLastName" }] },
  attributes: [
    { field: "status", label: "Status", column: "status" },
    { field: "programs", label: "Programs", column: "programs", as: "list" },
    { field: "channel", label: "Channel", column: "channel" },
  ],
  path: "/intake/applications/{id}",
  // As the applications list: every application with applications:read, an applicant only their account's.
  read: { permission: "applications:read", own: { permission: "applications:read:own", owner: "ownerId", principal: "account" } },
  county: "county",
});
