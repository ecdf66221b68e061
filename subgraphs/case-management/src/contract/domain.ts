import { defineDomain } from "@pap/kernel/domain";
import { caseSearch } from "./search";
import { caseEvents } from "../domain/events";
import { casePermissions } from "../domain/permissions";
import { caseResource } from "./case";
import { caseRoutes } from "./rest";

/** The case-management domain as the platform registers it (see `gateway/src/domains.ts`). */
export const caseManagementDomain = defineDomain({
  name: "case-management",
  resources: [caseResource],
  events: caseEvents,
  permissions: casePermissions,
  restRoutes: caseRoutes,
  search: [caseSearch],
});
