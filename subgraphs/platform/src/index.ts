import { EventCatalog, type DomainServices } from "@pap/events";
import type { DeclaredEventType, SubgraphDefinition } from "@pap/kernel";
import { createContext, type PlatformContext } from "./context";
import { platformPermissions } from "./domain/permissions";
import { schema } from "./schema";
import { seedPolicies } from "./seed";


/**
 * The platform subgraph, given the domains whose events it accepts: a published event's type must be
 * declared by the domain that is its source.
 */
export * from "./contract";

export function createPlatformSubgraph(domains: readonly { events?: { declarations: readonly DeclaredEventType[] } }[]): SubgraphDefinition<DomainServices, PlatformContext> {
  const declarations = domains.flatMap((domain) => (domain.events ? [domain.events] : []));
  const catalogs = new Map<string, EventCatalog>();
  const catalogFor = (prefix: string) => {
    let catalog = catalogs.get(prefix);
    if (!catalog) catalogs.set(prefix, (catalog = new EventCatalog(declarations, prefix)));
    return catalog;
  };
  return {
    name: "platform",
    schema,
    createContext: (scope) => createContext(scope, catalogFor(scope.eventRuntime.settings.typePrefix)),
    seed: (services) => seedPolicies(services.db),
    permissions: platformPermissions,
  };
}
