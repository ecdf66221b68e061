import { defineDomain } from "@pap/kernel/domain";
import { applicationSearch } from "./search";
import { intakeEvents } from "../domain/events";
import { applicationPermissions } from "../domain/permissions";
import { application } from "./application";
import { member } from "./member";
import { applicationRecords, verification } from "./records";
import { intakeRoutes } from "./rest";
import { intakeSensitiveSources } from "./sensitive-sources";

/** The intake domain as the platform registers it (see `gateway/src/domains.ts`). */
export const intakeDomain = defineDomain({
  name: "intake",
  resources: [application, member, ...applicationRecords.map((kind) => kind.resource), verification],
  events: intakeEvents,
  permissions: applicationPermissions,
  restRoutes: intakeRoutes,
  search: [applicationSearch],
  sensitiveSources: intakeSensitiveSources,
});
