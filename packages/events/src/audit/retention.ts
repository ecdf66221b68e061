import type { Logger } from "@pap/core";
import type { PrismaClient } from "@pap/db";

/** Rows deleted per transaction: a purge never holds many locks, nor the table, for long. */
const PURGE_BATCH = 1000;
const HOUR_MS = 3_600_000;

/**
 * Deletes the audit entries older than `before`, a batch per transaction, and says how many. The
 * trail's append-only trigger lets a delete through only in a transaction that says it is the purge.
 */
export async function purgeAuditBefore(db: PrismaClient, before: Date, batch = PURGE_BATCH): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT set_config('pap.audit_retention', 'purge', true)`;
      return tx.$executeRaw`
        DELETE FROM platform_audit_entry WHERE id IN (
          SELECT id FROM platform_audit_entry WHERE "occurredAt" < ${before} ORDER BY "occurredAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
    });
    purged += deleted;
    if (deleted < batch) return purged;
  }
}

/**
 * Keeps the trail to its retention beside serving: a purge at start, then one an hour. A failed purge
 * is logged and tried again at the next hour; nothing waits for it.
 */
export function keepAuditRetention(
  db: PrismaClient,
  retentionDays: number,
  options: { logger?: Logger; now?: () => Date } = {},
): { done: Promise<void>; stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  const purge = async () => {
    try {
      const purged = await purgeAuditBefore(db, new Date(now().getTime() - retentionDays * 86_400_000));
      if (purged > 0) options.logger?.info({ purged, retentionDays }, "audit entries past their retention deleted");
    } catch (error) {
      options.logger?.error({ err: error }, "the audit trail's retention purge failed; it is tried again in an hour");
    }
  };
  const done = purge();
  const timer = setInterval(() => void purge(), HOUR_MS);
  timer.unref();
  return {
    done,
    stop: async () => {
      clearInterval(timer);
      await done;
    },
  };
}
