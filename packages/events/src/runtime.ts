import type { Logger } from "@pap/core";
import type { Principal } from "@pap/kernel/auth";
import type { Database, PrismaClient, SqlTransaction } from "@pap/db";
import { EventHub, type HubOptions } from "./hub";
import type { CommitNotifier } from "./notifier/notifier";
import { PgliteNotifier } from "./notifier/pglite";
import { PostgresNotifier } from "./notifier/postgres";
import { appendToLog, eventRecorder, type EventRecorder } from "./append";
import { redacted, sensitiveFieldSet } from "./redaction";
import type { PlatformEvent } from "./envelope";
import { originOf, type EventOrigin } from "./origin";
import type { EventSettings } from "./settings";
import { auditTrail, type AuditTrail } from "./audit/trail";
import { claimFence, type ClaimFence } from "./idempotency-fence";

/** The event machinery one process shares among all its requests. */
export type EventRuntime = {
  settings: EventSettings;
  hub: EventHub;
  /** The trail of sensitive reads, in the same database. */
  audit: AuditTrail;
  /** The recorder for one request's changes, stamped with its trace and caller. */
  recorderFor(headers: Record<string, string | undefined>, principal: () => Promise<Principal>): EventRecorder;
  /**
   * Runs `work` in one database transaction (a change and the events it records) and, once committed,
   * has the events numbered and delivered at once. Every write that records events goes through here.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: { timeout?: number; maxWait?: number }): Promise<T>;
  /** The same for a write made of raw SQL alone, on the driver (`Database.write`): the hottest writes take it. */
  sqlTransaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /**
   * Appends events produced elsewhere (POST /events) in one statement of their own, and delivers them;
   * with a `fence` (the request's Idempotency-Key claim), in one transaction with its proof, the first
   * event's id kept as what the request created.
   */
  publish(events: readonly PlatformEvent[], fence?: ClaimFence): Promise<void>;
  /** Events were committed outside `transaction` (a durable consumer's own transaction): number and deliver them. */
  announce(): void;
  close(): Promise<void>;
};

export type Transaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** LISTEN/NOTIFY on PostgreSQL; PGlite's own in-process notifications when it runs embedded here. */
export function notifierFor(database: Database, logger?: Logger): CommitNotifier {
  if (database.pglite) return new PgliteNotifier(database.pglite);
  if (database.config.kind === "postgres") return new PostgresNotifier(database.config.url, logger);
  throw new Error("no commit notifier for this database");
}

export async function startEventRuntime(
  database: Database,
  settings: EventSettings,
  options: { logger?: Logger; hub?: Partial<HubOptions> } = {},
): Promise<EventRuntime> {
  const hub = new EventHub(database, notifierFor(database, options.logger), options.logger, options.hub);
  await hub.start();
  const announce = () => void hub.wake();
  return {
    settings,
    hub,
    audit: auditTrail(database.append, { enabled: settings.auditReads ?? true, names: settings.sensitiveFields ?? sensitiveFieldSet() }),
    recorderFor: (headers, principal) => {
      let origin: Promise<EventOrigin> | undefined;
      return eventRecorder(
        settings,
        () => (origin ??= principal().then((caller) => originOf(headers, caller))),
        claimFence(headers, principal),
      );
    },
    async transaction(work, transactionOptions) {
      const result = await database.prisma.$transaction(work, transactionOptions);
      announce();
      return result;
    },
    async sqlTransaction(work) {
      const result = await database.write(work);
      announce();
      return result;
    },
    async publish(events, fence) {
      // Published data is the publisher's: it is held to the same rule as the platform's own events.
      const sensitive = settings.sensitiveFields ?? sensitiveFieldSet();
      const appended = events.map((event) => (event.data === undefined ? event : { ...event, data: redacted(event.data, sensitive) }));
      if (!fence) await appendToLog(database.prisma, appended);
      else
        await database.write(async (tx) => {
          await fence(tx, events[0]?.id);
          await appendToLog(tx, appended);
        });
      announce();
    },
    announce,
    close: () => hub.close(),
  };
}
