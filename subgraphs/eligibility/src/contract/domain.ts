import type { DomainContract } from "@pap/kernel/domain";
import { eligibilityEvents } from "../domain/events";
import { eligibilityPermissions } from "../domain/permissions";
import { decision } from "./decision";
import { determination } from "./determination";
import { eligibilityRoutes } from "./rest";

/** The eligibility domain as the platform registers it (see `gateway/src/domains.ts`). */
export const eligibilityDomain: DomainContract = {
  name: "eligibility",
  resources: [determination, decision],
  events: eligibilityEvents,
  permissions: eligibilityPermissions,
  restRoutes: () => eligibilityRoutes,
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: () => (require("../index") as typeof import("../index")).eligibilitySubgraph,
};
