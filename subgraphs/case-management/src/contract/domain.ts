import type { DomainContract } from "@pap/kernel/domain";
import { caseSearch } from "./search";
import { caseEvents } from "../domain/events";
import { casePermissions } from "../domain/permissions";
import { caseResource } from "./case";
import { caseRoutes } from "./rest";

/** The case-management domain as the platform registers it (see `gateway/src/domains.ts`). */
export const caseManagementDomain: DomainContract = {
  name: "case-management",
  resources: [caseResource],
  events: caseEvents,
  permissions: casePermissions,
  restRoutes: () => caseRoutes,
  search: [caseSearch],
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: () => (require("../index") as typeof import("../index")).caseManagementSubgraph,
};
