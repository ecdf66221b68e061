import { randomUUID } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";
import { announceWrites, appendToLog, type PlatformEvent } from "@pap/events";
import pg from "pg";
import { sqlOn } from "../floor/event-log";
import { now } from "../measure";
import { envelope } from "./event-clients";

// The events suite's timetable publisher, in a worker thread so as not to delay the readers' stamps. It
// writes as a domain does (a commit per event, then the announcement), outside the platform: from the
// commit on, what is measured is delivery alone.

export type PublisherInput = { databaseUrl: string; rate: number; seconds: number };
/** The committed events in timetable order, each with the moment its commit was confirmed and how long it took. */
export type PublisherOutput = { committed: { id: string; at: number; ms: number }[]; failed: Record<string, number>; maxInFlight: number };

const { databaseUrl, rate, seconds } = workerData as PublisherInput;
const total = Math.max(1, Math.round(rate * seconds));
// Plain pg under the platform's own append statement: Prisma's per-query cost in this one thread would cap the timetable first.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 30 });
const log = sqlOn(pool);
const committed: { id: string; order: number; at: number; ms: number }[] = [];
const failed: Record<string, number> = {};
let sent = 0;
let answered = 0;
let inFlight = 0;
let maxInFlight = 0;
const start = now() + 20;

async function send(order: number) {
  const id = randomUUID();
  const sentAt = now();
  maxInFlight = Math.max(maxInFlight, ++inFlight);
  try {
    await appendToLog(log, [JSON.parse(envelope(id)) as PlatformEvent]);
    const at = now();
    committed.push({ id, order, at, ms: at - sentAt });
    void announceWrites(log).catch(() => {});
  } catch (error) {
    const what = (error as Error).message.split("\n")[0] ?? "error";
    failed[what] = (failed[what] ?? 0) + 1;
  }
  inFlight--;
  if (++answered === total) {
    await pool.end();
    parentPort!.postMessage({ committed: committed.sort((a, b) => a.order - b.order), failed, maxInFlight } satisfies PublisherOutput);
  }
}

// Each event has its slot on the timetable and is sent then, whether or not earlier ones have committed.
function tick() {
  const due = Math.min(total, Math.floor((now() - start) / (1_000 / rate)) + 1);
  while (sent < due) void send(sent++);
  if (sent < total) setTimeout(tick, Math.max(0, start + (sent * 1_000) / rate - now()));
}
setTimeout(tick, 20);
