import type { PrismaClient } from "@pap/db";
import { isUuid, type SearchProjection } from "@pap/kernel";
import type { SqlTransaction } from "../append";
import type { PlatformEvent } from "../envelope";
import { documentSql, type DocumentSql } from "./document-sql";

/**
 * Keeps the search documents current with the records they are derived from. Every change a domain
 * makes records its events in its own transaction; right after they are appended, each event whose
 * type a projection names has its subject's document derived again from the record as it now is, in
 * that same transaction: a committed change is searchable at once, and a change that fails leaves no
 * trace in search either.
 */
export type SearchIndex = {
  refresh(tx: SqlTransaction, events: readonly PlatformEvent[], typePrefix: string): Promise<void>;
  /** Derives every document missing or made by an older projection, and drops those whose record is gone (at start). */
  catchUp(db: PrismaClient): Promise<void>;
};

const matches = (type: string, declared: string) => (declared.endsWith(".") ? type.startsWith(declared) : type === declared);

export function searchIndexOf(projections: readonly SearchProjection[]): SearchIndex {
  const documents: DocumentSql[] = projections.map(documentSql);
  const projectionOf = (type: string): DocumentSql | undefined => documents.find((candidate) => candidate.projection.events.some((declared) => matches(type, declared)));
  return {
    async refresh(tx, events, typePrefix) {
      const subjects = new Map<DocumentSql, Set<string>>();
      for (const event of events) {
        if (!event.type.startsWith(typePrefix) || !isUuid(event.subject)) continue;
        const document = projectionOf(event.type.slice(typePrefix.length));
        if (!document) continue;
        const ids = subjects.get(document) ?? new Set<string>();
        subjects.set(document, ids.add(event.subject.toLowerCase()));
      }
      for (const [document, ids] of subjects) await tx.$executeRaw(document.refresh([...ids]));
    },
    async catchUp(db) {
      await db.$transaction(
        async (tx) => {
          // Processes starting together (a cluster) would derive the same documents at once: one at a time.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('search_document catch-up'))`;
          for (const document of documents) {
            await tx.$executeRaw(document.dropOrphans());
            await tx.$executeRaw(document.catchUp());
          }
        },
        { timeout: 600_000 },
      );
    },
  };
}

