import type { DomainServices } from "@pap/events";
import { defineSubgraph, type RequestScope } from "@pap/kernel/domain";
import { createContext } from "./context";
import { identityDomain } from "./contract";
import { schema } from "./schema";

/**
 * The identity subgraph, given the other domains: the roles it hands out are described by what they
 * grant everywhere (the User's roles, and the claims embedded in tokens).
 */
export const subgraph = defineSubgraph(identityDomain, (others) => {
  const catalog = [identityDomain.permissions, ...others.map((domain) => domain.permissions)];
  return { schema, createContext: (scope: RequestScope<DomainServices>) => createContext(scope, catalog) };
});
