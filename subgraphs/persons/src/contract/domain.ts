import type { DomainContract } from "@pap/kernel/domain";
import { personSearch } from "./search";
import { personsDomainEvents } from "../domain/events";
import { personPermissions } from "../domain/permissions";
import { person } from "./person";
import { personRoutes } from "./rest";

/** The persons domain as the platform registers it (see `gateway/src/domains.ts`). */
export const personsDomain: DomainContract = {
  name: "persons",
  resources: [person],
  events: personsDomainEvents,
  permissions: personPermissions,
  restRoutes: () => personRoutes,
  search: [personSearch],
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: () => (require("../index") as typeof import("../index")).personsSubgraph,
};
