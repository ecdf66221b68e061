import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader } from "@pap/kernel/graphql";
import type { AuditEntry, Policy, PrismaClient } from "@pap/db";
import { platformPermissions } from "./domain/permissions";
import {
  domainContext,
  entryFromRow,
  type DomainContext,
  type DomainServices,
  type EventCatalog,
  type EventHub,
  type LogEntry,
} from "@pap/events";
import type { Searchable } from "./domain/search";

export type PlatformContext = DomainContext & {
  /** Event types of every domain, for checking published events. */
  catalog: EventCatalog;
  loaders: ReturnType<typeof loaders>;
  /** The kinds of record search spans, from every registered domain. */
  searchables: readonly Searchable[];
  /** Where clients reach the platform, for absolute links. */
  publicBaseUrl: string;
};

function loaders(db: PrismaClient, hub: EventHub) {
  return {
    // Events just committed are usually still in the hub's memory (subscriptions look them up by id).
    eventById: createByKeyLoader<string, LogEntry>(
      async (ids) => {
        const recent = ids.map((id) => hub.recentEvent(id));
        const missing = ids.filter((_id, index) => !recent[index]);
        const rows = missing.length ? await db.platformEvent.findMany({ where: { id: { in: missing } } }) : [];
        return [...recent.filter((entry) => entry !== undefined), ...rows.map(entryFromRow)];
      },
      (logged) => logged.event.id,
    ),
    auditEntryById: createByKeyLoader<string, AuditEntry>(
      (ids) => db.auditEntry.findMany({ where: { id: { in: [...ids] } } }),
      (entry) => entry.id,
    ),
    policyById: createByKeyLoader<string, Policy>(
      (ids) => db.policy.findMany({ where: { id: { in: [...ids] } } }),
      (policy) => policy.id,
    ),
  };
}

export function createContext(
  scope: RequestScope<DomainServices>,
  catalog: EventCatalog,
  search: { searchables: readonly Searchable[]; publicBaseUrl: string },
): PlatformContext {
  const base = domainContext(scope, platformPermissions);
  return { ...base, catalog, loaders: loaders(base.db, base.hub), ...search };
}
