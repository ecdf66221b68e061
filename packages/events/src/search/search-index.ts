import { isUuid, type Logger } from "@pap/core";
import type { SearchProjection } from "@pap/kernel/search";
import type { PrismaClient, SqlTransaction } from "@pap/db";
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
  /**
   * Derives every document missing or made by an older projection, and drops those whose record is
   * gone, in batches (each its own short transaction, beside whatever else writes), until none is left.
   */
  catchUp(db: PrismaClient, options?: CatchUpOptions): Promise<void>;
  /** The same, in the background: the process serves meanwhile, search answering from what is derived so far. */
  startCatchUp(db: PrismaClient, options?: CatchUpOptions & { logger?: Logger }): BackgroundCatchUp;
};

export type CatchUpOptions = { batchSize?: number; stopped?: () => boolean };

/** A catch-up running beside the process's work: `done` settles when it has finished (or was stopped), `stop` ends it after its batch. */
export type BackgroundCatchUp = { done: Promise<void>; stop(): Promise<void> };

/** Records per batch: a batch takes about 0.1 ms of the database's time per record, so each transaction stays short. */
const CATCH_UP_BATCH = 1000;

const matches = (type: string, declared: string) => (declared.endsWith(".") ? type.startsWith(declared) : type === declared);

export function searchIndexOf(projections: readonly SearchProjection[]): SearchIndex {
  const documents: DocumentSql[] = projections.map(documentSql);
  const projectionOf = (type: string): DocumentSql | undefined =>
    documents.find((candidate) => candidate.projection.events.some((declared) => matches(type, declared)));
  // Processes starting together (a cluster) would derive the same documents at once: one batch at a time.
  const inTurn = <T>(db: PrismaClient, work: (tx: SqlTransaction) => Promise<T>) =>
    db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('search_document catch-up'))`;
        return work(tx);
      },
      // Room to wait behind other processes' batches.
      { maxWait: 60_000, timeout: 120_000 },
    );
  const catchUp = async (db: PrismaClient, { batchSize = CATCH_UP_BATCH, stopped = () => false }: CatchUpOptions = {}) => {
    for (const document of documents) {
      if (stopped()) return;
      await inTurn(db, (tx) => tx.$executeRaw(document.dropOrphans()));
      let after: string | null = null;
      while (!stopped()) {
        const [batch] = await inTurn(db, (tx) => tx.$queryRaw<{ last: string | null }[]>(document.catchUp(after, batchSize)));
        if (!batch?.last) break;
        after = batch.last;
      }
    }
  };
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
    catchUp,
    startCatchUp(db, { logger, ...options } = {}) {
      let stopping = false;
      const done = catchUp(db, { ...options, stopped: () => stopping || options.stopped?.() === true }).catch((error: unknown) => {
        // Not fatal: every write keeps its own records' documents current; the rest is derived at the next start.
        if (!stopping) logger?.error({ err: error }, "deriving the search documents of existing records failed");
      });
      return {
        done,
        async stop() {
          stopping = true;
          await done;
        },
      };
    },
  };
}
