import { Prisma, type PrismaClient } from "@pap/db";
import { EVENT_CHANNEL, type SqlTransaction } from "./append";
import { loggedFromRow, type EventRow, type LoggedEvent } from "./envelope";

/** Most rows numbered in one transaction; a longer backlog takes several rounds. */
export const SEQUENCER_BATCH = 5000;

/**
 * Numbers the committed events that have no position yet, continuing from the highest position, and
 * announces them (NOTIFY `s`). Returns how many it numbered.
 *
 * Every process runs this whenever events may have been written; an advisory lock makes them take
 * turns. The numbering runs in the database (`platform_event_number`, see its migration) so that the
 * lock is taken before the numbering statement's snapshot: that statement sees the previous
 * sequencer's numbers (no position is given twice) and every event committed before it started. An
 * event committed later is numbered by a later round, above every position already visible, which is
 * what lets readers resume after a position without ever missing one. One round trip.
 */
export async function sequenceLog(db: Pick<PrismaClient, "$queryRaw">): Promise<number> {
  const [row] = await db.$queryRaw<Array<{ count: number }>>(Prisma.sql`SELECT platform_event_number(${SEQUENCER_BATCH}::int) AS count`);
  return Number(row?.count ?? 0);
}

/**
 * What a hub does on each wake-up, in one round trip: numbers what awaits numbering (as `sequenceLog`),
 * then reads up to `limit` numbered events after `after`, in log order. What it returns is always a
 * gap-free run of the log, the events it numbered itself included.
 */
export async function sequenceAndReadAfter(db: Pick<PrismaClient, "$queryRaw">, after: bigint, limit: number): Promise<LoggedEvent[]> {
  const rows = await db.$queryRaw<EventRow[]>(
    Prisma.sql`SELECT * FROM platform_event_follow(${after}::bigint, ${limit}::int, ${SEQUENCER_BATCH}::int)`,
  );
  return rows.map(loggedFromRow);
}

/**
 * For a process that writes to the log without running a hub of its own: tells the processes that do
 * that events await numbering. Sent after the writing transaction has committed, outside it, because a
 * NOTIFY inside a transaction serializes its commit with every other notifying commit in the database.
 */
export async function announceWrites(db: Pick<SqlTransaction, "$executeRaw">): Promise<void> {
  await db.$executeRaw(Prisma.sql`SELECT pg_notify(${EVENT_CHANNEL}, 'w')`);
}
