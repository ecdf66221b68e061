import { randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";

/**
 * The floor's side of the platform event log: the same row a platform write records (every column
 * of `platform_event` the platform fills, no position yet) and the same numbering after commit, so a
 * create costs the floor the database work it costs the platform.
 */

// The platform's lock, so the floor's numbering and the platform's never run at once (see packages/events/src/sequencer.ts).
const SEQUENCER_LOCK = String(0x5041504c4f47); // ASCII "PAPLOG"
const SEQUENCER_BATCH = 5000;
// The platform's statement announces numbered events on `platform_events`; the floor's copy announces on
// a channel of its own: the cost to the database is the same, and the idle platform is not woken to
// read the floor's events. (The database function, where there is one, announces as it does for the platform.)
const FLOOR_CHANNEL = "platform_events_floor";

export type RecordedChange = { type: string; source: string; subject: string; data: unknown; authid: string };

/** Inserts the event of a change inside the caller's transaction. */
export async function recordEvent(client: pg.PoolClient, change: RecordedChange): Promise<void> {
  const traceId = randomBytes(16).toString("hex");
  await client.query(
    `INSERT INTO platform_event (id, type, source, subject, time, specversion, datacontenttype, data, traceparent, traceid, authid, authtype)
     VALUES ($1, $2, $3, $4, $5, '1.0', 'application/json', $6, $7, $8, $9, 'user')`,
    [randomUUID(), change.type, change.source, change.subject, new Date().toISOString(), JSON.stringify(change.data), `00-${traceId}-${randomBytes(8).toString("hex")}-01`, traceId, change.authid],
  );
}

/**
 * Numbers committed events, as the platform's sequencer does: wake-ups that arrive while a round
 * runs are folded into one more round, so a burst of commits costs a few rounds, not one each.
 */
export async function logSequencer(pool: pg.Pool, onError: (error: Error) => void): Promise<{ wake(): void; idle(): Promise<void> }> {
  // A database whose migrations number the log in a function of their own: the floor calls it as the platform does.
  const { rows } = await pool.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'platform_event_number') AS present`);
  const number = rows[0]!.present ? numberInDatabase : numberPending;
  let running: Promise<void> | null = null;
  let again = false;
  const round = async () => {
    do {
      again = false;
      while ((await number(pool)) === SEQUENCER_BATCH);
    } while (again);
  };
  return {
    wake() {
      if (running) {
        again = true;
        return;
      }
      running = round()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    },
    idle: () => running ?? Promise.resolve(),
  };
}

async function numberInDatabase(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(`SELECT platform_event_number($1::int)::int AS count`, [SEQUENCER_BATCH]);
  return rows[0]?.count ?? 0;
}

/** The platform's numbering before it moved into the database: check, then lock and number in one transaction. */
async function numberPending(pool: pg.Pool): Promise<number> {
  const waiting = await pool.query("SELECT 1 FROM platform_event WHERE position IS NULL LIMIT 1");
  if (waiting.rowCount === 0) return 0;
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1::bigint)", [SEQUENCER_LOCK]);
    const { rows } = await client.query<{ count: number }>(
      `WITH head AS (SELECT coalesce(max(position), 0) AS position FROM platform_event),
       pending AS (
         SELECT id, row_number() OVER (ORDER BY insertion) AS rank
         FROM (SELECT id, insertion FROM platform_event WHERE position IS NULL ORDER BY insertion LIMIT ${SEQUENCER_BATCH}) oldest
       ),
       numbered AS (
         UPDATE platform_event e SET position = head.position + pending.rank
         FROM pending, head WHERE e.id = pending.id
         RETURNING e.position
       )
       SELECT count(*)::int AS count, CASE WHEN count(*) > 0 THEN pg_notify('${FLOOR_CHANNEL}', 's')::text END AS announced FROM numbered`,
    );
    await client.query("COMMIT");
    return rows[0]?.count ?? 0;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
