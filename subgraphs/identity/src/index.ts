import type { DomainServices } from "@pap/events";
import type { PermissionTable } from "@pap/kernel/auth";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { createContext, type IdentityContext } from "./context";
import { userEvents } from "./domain/events";
import { userPermissions } from "./domain/permissions";
import { schema } from "./schema";


/**
 * The identity subgraph, given the other domains' permission tables: the roles it hands out are
 * described by what they grant everywhere (the User's roles, and the claims embedded in tokens).
 */
export * from "./contract";

export function createIdentitySubgraph(otherDomains: readonly { permissions: PermissionTable }[]): SubgraphDefinition<DomainServices, IdentityContext> {
  const catalog = [userPermissions, ...otherDomains.map((domain) => domain.permissions)];
  return {
    name: "identity",
    schema,
    createContext: (scope) => createContext(scope, catalog),
    events: userEvents,
    permissions: userPermissions,
  };
}
