import { EventCatalog, type DomainServices } from "@pap/events";
import type { SearchProjection } from "@pap/kernel/search";
import type { PermissionTable } from "@pap/kernel/auth";
import type { DeclaredEventType, SubgraphDefinition } from "@pap/kernel/domain";
import { createContext, type PlatformContext } from "./context";
import { platformPermissions } from "./domain/permissions";
import { publicBaseUrlFromEnv } from "./domain/public-url";
import { schema } from "./schema";
import { seedPolicies } from "./seed";


/**
 * The platform subgraph, given the domains whose events it accepts: a published event's type must be
 * declared by the domain that is its source.
 */
export * from "./contract";
export { search, type Searchable, type SearchResults } from "./domain/search";

export function createPlatformSubgraph(
  domains: readonly { events?: { declarations: readonly DeclaredEventType[] }; permissions: PermissionTable; search?: readonly SearchProjection[] }[],
): SubgraphDefinition<DomainServices, PlatformContext> {
  const declarations = domains.flatMap((domain) => (domain.events ? [domain.events] : []));
  // Search spans every domain's records, each authorized by its own domain's permissions.
  const search = {
    searchables: domains.flatMap((domain) => (domain.search ?? []).map((projection) => ({ projection, permissions: domain.permissions }))),
    publicBaseUrl: publicBaseUrlFromEnv(),
  };
  const catalogs = new Map<string, EventCatalog>();
  const catalogFor = (prefix: string) => {
    let catalog = catalogs.get(prefix);
    if (!catalog) catalogs.set(prefix, (catalog = new EventCatalog(declarations, prefix)));
    return catalog;
  };
  return {
    name: "platform",
    schema,
    createContext: (scope) => createContext(scope, catalogFor(scope.eventRuntime.settings.typePrefix), search),
    seed: (services) => seedPolicies(services.db),
    // Documents missing (records written before search existed, or by SQL) or derived by an older
    // projection are derived beside serving, batch by batch: a first start after a migration serves at
    // once, search finding such records as their documents are made (every write keeps its own current).
    background: (services, logger) =>
      services.eventRuntime.settings.searchIndex?.startCatchUp(services.db, { logger }) ?? { done: Promise.resolve(), stop: async () => {} },
    permissions: platformPermissions,
  };
}
