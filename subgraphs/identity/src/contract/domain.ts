import { defineDomain } from "@pap/kernel/domain";
import { userEvents } from "../domain/events";
import { userPermissions } from "../domain/permissions";
import { user } from "./user";
import { identityRoutes } from "./rest";

/** The identity domain as the platform registers it (see `gateway/src/domains.ts`). */
export const identityDomain = defineDomain({
  name: "identity",
  resources: [user],
  events: userEvents,
  permissions: userPermissions,
  restRoutes: identityRoutes,
});
