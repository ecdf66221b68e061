import { Prisma, type PrismaClient, type RowReader } from "@pap/db";
import { EVENT_CHANNEL, type SqlTransaction } from "./append";
import { loggedFromRow, type EventRow, type LoggedEvent } from "./envelope";

/** Most rows numbered in one transaction; a longer backlog takes several rounds. */
export const SEQUENCER_BATCH = 5000;

/**
 * Numbers the committed events that have no position yet, continuing from the highest position, and
 * announces them (NOTIFY `s:<newest position>`). Returns how many it numbered.
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
 *
 * Through the driver (`Database.read`), not Prisma: this read is on the path of every event to every
 * live reader, and Prisma's raw-query layer cost more than parsing the rows themselves.
 */
export async function sequenceAndReadAfter(read: RowReader, after: bigint, limit: number): Promise<LoggedEvent[]> {
  const rows = await read<EventRow>(FOLLOW_STATEMENT, [after.toString(), limit, SEQUENCER_BATCH]);
  // The drivers return int8 as a string (pg) or a number (PGlite): positions are bigints everywhere else.
  for (const row of rows) row.position = BigInt(row.position!);
  return rows.map(loggedFromRow);
}

const FOLLOW_STATEMENT = `SELECT * FROM platform_event_follow($1::bigint, $2::int, $3::int)`;

/**
 * For a process that writes to the log without running a hub of its own: tells the processes that do
 * that events await numbering. Sent after the writing transaction has committed, outside it, because a
 * NOTIFY inside a transaction serializes its commit with every other notifying commit in the database.
 */
export async function announceWrites(db: Pick<SqlTransaction, "$executeRaw">): Promise<void> {
  await db.$executeRaw(Prisma.sql`SELECT pg_notify(${EVENT_CHANNEL}, 'w')`);
}
