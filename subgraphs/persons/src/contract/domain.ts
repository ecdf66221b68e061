import { defineDomain } from "@pap/kernel/domain";
import { personSearch } from "./search";
import { personsDomainEvents } from "../domain/events";
import { personPermissions } from "../domain/permissions";
import { person } from "./person";
import { personRoutes } from "./rest";

/** The persons domain as the platform registers it (see `gateway/src/domains.ts`). */
export const personsDomain = defineDomain({
  name: "persons",
  resources: [person],
  events: personsDomainEvents,
  permissions: personPermissions,
  restRoutes: personRoutes,
  search: [personSearch],
});
