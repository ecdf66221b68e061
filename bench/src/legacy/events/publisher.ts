import { randomUUID } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";
import type { Prisma } from "@pap/db";
import { announceWrites, appendToLog, type PlatformEvent, type SqlTransaction } from "@pap/events";
import pg from "pg";
import { now } from "./clock";
import { envelope } from "./envelope";

export type PublisherInput = { databaseUrl: string; rate: number; seconds: number };

export type PublisherOutput = {
  /** Ids and start times of the events that committed, in timetable order. */
  ids: string[];
  sentAt: number[];
  /** When each of those commits was confirmed: commit-to-receipt is measured from here. */
  answeredAt: number[];
  sent: number;
  /** Failed writes, by message. */
  refused: Record<string, number>;
  /** Ids of writes that failed. */
  unacknowledged: string[];
  firstSentAt: number;
  lastSentAt: number;
  lastAnsweredAt: number;
  /** Most requests awaiting an answer at once: how far the server fell behind the timetable. */
  maxInFlight: number;
  /** Worst delay between an event's slot on the timetable and its actual send: the publisher's own lag. */
  maxScheduleLagMs: number;
};

// The timetable publisher, in a worker thread of its own: writing 1,000 events a second must not delay
// the main thread, where the stream clients stamp their receipt times. It writes to the log as a domain
// process does (one commit per event), outside the platform, so that what is measured from the
// commit on is delivery alone: numbering, reading the log, and the trip to each client.
const input = workerData as PublisherInput;
const total = Math.max(1, Math.round(input.rate * input.seconds));
const interval = 1_000 / input.rate;

const sentAt: number[] = [];
const accepted: { id: string; at: number; answeredAt: number; order: number }[] = [];
const refused: Record<string, number> = {};
const unacknowledged: string[] = [];
let sent = 0;
let answered = 0;
let inFlight = 0;
let maxInFlight = 0;
let maxScheduleLagMs = 0;
let lastAnsweredAt = 0;
let start = 0;
// Plain pg under the platform's own append statement: Prisma's per-query overhead, in this one thread
// on a machine shared with the server, would cap the timetable before the platform does.
const pool = new pg.Pool({ connectionString: input.databaseUrl, max: 30 });
const sql = (query: TemplateStringsArray | Prisma.Sql) => query as Prisma.Sql;
const log: SqlTransaction = {
  $queryRaw: async <T>(query: TemplateStringsArray | Prisma.Sql) => (await pool.query(sql(query).text, sql(query).values as unknown[])).rows as T,
  $executeRaw: async (query: TemplateStringsArray | Prisma.Sql) => (await pool.query(sql(query).text, sql(query).values as unknown[])).rowCount ?? 0,
};

function tick() {
  const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
  while (sent < due) void send(sent++);
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - now()));
}

async function send(order: number) {
  const id = randomUUID();
  const event = JSON.parse(envelope(id)) as PlatformEvent;
  const at = now();
  maxScheduleLagMs = Math.max(maxScheduleLagMs, at - (start + order * interval));
  sentAt[order] = at;
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  let outcome: string | null = null;
  try {
    // One statement, committed on its own: the cheapest write a producer can make.
    await appendToLog(log, [event]);
  } catch (error) {
    outcome = (error as Error).message.split("\n")[0] ?? "error";
  }
  const committedAt = now();
  inFlight--;
  answered++;
  lastAnsweredAt = committedAt;
  if (outcome === null) {
    accepted.push({ id, at, answeredAt: committedAt, order });
    // As a producer without a hub of its own must: tell the platform's processes to number and deliver.
    void announceWrites(log).catch(() => {});
  } else {
    refused[outcome] = (refused[outcome] ?? 0) + 1;
    unacknowledged.push(id);
  }
  if (answered === total) void finish();
}

async function finish() {
  accepted.sort((a, b) => a.order - b.order);
  const output: PublisherOutput = {
    ids: accepted.map((event) => event.id),
    sentAt: accepted.map((event) => event.at),
    answeredAt: accepted.map((event) => event.answeredAt),
    sent,
    refused,
    unacknowledged,
    firstSentAt: sentAt[0]!,
    lastSentAt: sentAt[total - 1]!,
    lastAnsweredAt,
    maxInFlight,
    maxScheduleLagMs,
  };
  await pool.end();
  parentPort!.postMessage(output);
}

start = now() + 20;
setTimeout(tick, Math.max(0, start - now()));
