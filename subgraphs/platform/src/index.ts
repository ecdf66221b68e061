import { EventCatalog, keepAuditRetention, keepEventLogRedacted, sensitiveFieldSet, type DomainServices } from "@pap/events";
import { readSetting, type Logger } from "@pap/core";
import { defineSubgraph, type BackgroundWork, type RequestScope } from "@pap/kernel/domain";
import { createContext } from "./context";
import { platformDomain } from "./contract";
import { publicBaseUrlFromEnv } from "./domain/public-url";
import { schema } from "./schema";
import { seedPolicies } from "./seed";
import { platformSection } from "./config/deployment";

export { search, type Searchable, type SearchResults } from "./domain/search";

/**
 * The platform subgraph, given the other domains: a published event's type must be declared by the
 * domain that is its source, and search spans every domain's records.
 */
export const subgraph = defineSubgraph(platformDomain, (domains) => {
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
    schema,
    createContext: (scope: RequestScope<DomainServices>) =>
      createContext(scope, catalogFor(scope.eventRuntime.settings.typePrefix), search),
    seed: (services: DomainServices) => seedPolicies(services.db, platformSection.read().policies),
    background: (services: DomainServices, logger: Logger) =>
      together([
        searchCatchUp(services, logger),
        keepAuditRetention(services.db, readSetting("AUDIT_RETENTION_DAYS"), { logger }),
        // Fields SENSITIVE_FIELDS names since events were recorded: their past values leave the log.
        keepEventLogRedacted(services.db, services.eventRuntime.settings.sensitiveFields ?? sensitiveFieldSet(), { logger }),
      ]),
  };
});

/**
 * Documents missing (records written before search existed, or by SQL) or derived by an older
 * projection are derived beside serving, batch by batch: a first start after a migration serves at
 * once, search finding such records as their documents are made (every write keeps its own current).
 */
const searchCatchUp = (services: DomainServices, logger: Logger): BackgroundWork =>
  services.eventRuntime.settings.searchIndex?.startCatchUp(services.db, { logger }) ?? { done: Promise.resolve(), stop: async () => {} };

/** Several pieces of background work as one: done when all are, stopped together. */
const together = (works: readonly BackgroundWork[]): BackgroundWork => ({
  done: Promise.all(works.map((work) => work.done)).then(() => undefined),
  stop: async () => {
    await Promise.all(works.map((work) => work.stop()));
  },
});
