import { Prisma, type PrismaClient } from "@pap/db";
import { EVENT_CHANNEL, type SqlTransaction } from "./append";

// Arbitrary, fixed: the advisory lock that lets one sequencer at a time number the log (ASCII "PAPLOG").
const SEQUENCER_LOCK = 0x5041504c4f47;

/** Most rows numbered in one transaction; a longer backlog takes several rounds. */
export const SEQUENCER_BATCH = 5000;

/**
 * Numbers the committed events that have no position yet, continuing from the highest position, and
 * announces them (NOTIFY `s`). Returns how many it numbered.
 *
 * Every process runs this whenever events may have been written; the advisory lock makes them take
 * turns. The lock is taken by a statement of its own, so the numbering statement's snapshot is taken
 * after the previous sequencer has committed and released it: it sees that sequencer's numbers (no
 * position is given twice) and every event committed before it started. An event committed later is
 * numbered by a later round, above every position already visible, which is what lets readers resume
 * after a position without ever missing one.
 */
export async function sequenceLog(db: PrismaClient): Promise<number> {
  // Most wake-ups (the poll, other processes' announcements) find nothing to number: ask first, cheaply.
  const waiting = await db.$queryRaw<unknown[]>`SELECT 1 FROM platform_event WHERE position IS NULL LIMIT 1`;
  if (waiting.length === 0) return 0;
  const [, numbered] = await db.$transaction([
    db.$executeRaw`SELECT pg_advisory_xact_lock(${SEQUENCER_LOCK}::bigint)`,
    db.$queryRaw<Array<{ count: number }>>(Prisma.sql`
      WITH head AS (SELECT coalesce(max(position), 0) AS position FROM platform_event),
      pending AS (
        SELECT id, row_number() OVER (ORDER BY insertion) AS rank
        FROM (SELECT id, insertion FROM platform_event WHERE position IS NULL ORDER BY insertion LIMIT ${SEQUENCER_BATCH}) oldest
      ),
      numbered AS (
        UPDATE platform_event e SET position = head.position + pending.rank
        FROM pending, head WHERE e.id = pending.id
        RETURNING e.position
      )
      SELECT count(*)::int AS count, CASE WHEN count(*) > 0 THEN pg_notify(${EVENT_CHANNEL}, 's')::text END AS announced FROM numbered`),
  ]);
  return numbered[0]?.count ?? 0;
}

/**
 * For a process that writes to the log without running a hub of its own: tells the processes that do
 * that events await numbering. Sent after the writing transaction has committed, outside it, because a
 * NOTIFY inside a transaction serializes its commit with every other notifying commit in the database.
 */
export async function announceWrites(db: Pick<SqlTransaction, "$executeRaw">): Promise<void> {
  await db.$executeRaw(Prisma.sql`SELECT pg_notify(${EVENT_CHANNEL}, 'w')`);
}
