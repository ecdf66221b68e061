import type { DomainContract } from "@pap/kernel/domain";
import { userEvents } from "../domain/events";
import { userPermissions } from "../domain/permissions";
import { user } from "./user";
import { identityRoutes } from "./rest";

/** The identity domain as the platform registers it (see `gateway/src/domains.ts`). */
export const identityDomain: DomainContract = {
  name: "identity",
  resources: [user],
  events: userEvents,
  permissions: userPermissions,
  restRoutes: () => identityRoutes,
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: (others) => (require("../index") as typeof import("../index")).createIdentitySubgraph(others),
};
