import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import type pg from "pg";
import { problemsOf } from "../load";
import { sleep } from "./clock";
import { envelope, jsonHeaders, publishPath } from "./envelope";

export type Throughput = {
  /** 2xx answers per second of the measured pass: events the log accepted, not requests sent. */
  acceptedPerSecond: number;
  /** Latencies of 2xx answers only (autocannon leaves the others out), in ms. */
  p50: number;
  p99: number;
  /** 2xx answers of the measured pass. */
  accepted: number;
  /** Non-2xx answers, socket errors and timeouts, warm-up included: any of them fails the run. */
  problems: number;
  problemDetail: string;
  log: LogCheck;
};

/** What the log holds afterwards compared with what the server said it accepted. */
export type LogCheck = {
  /** Events appended during the phase (warm-up included). */
  total: number;
  /** 2xx answers, warm-up included; each carried the id of the event it appended. */
  acknowledged: number;
  /** Acknowledged ids that are in the log: must be all of them. */
  acknowledgedFound: number;
  /**
   * Events in the log without an answer: autocannon destroys its sockets when the timer ends, and a
   * request the server had already received still commits. At most one per connection per pass.
   */
  cutOff: number;
  /** Events with an id this run never generated: must be none. */
  foreign: number;
  ok: boolean;
};

type Options = { connections: number; seconds: number; warmupSeconds: number };

/**
 * autocannon against POST /platform/events, a new envelope (and id) per request: a warm-up pass, then
 * the measured one, then a look at the log to see that every acknowledged event is really there.
 */
export async function measureThroughput(base: string, db: pg.Client, options: Options): Promise<Throughput> {
  const before = await headOfLog(db);
  const generated = new Set<string>();
  const acknowledged = new Set<string>();
  let unreadable = 0;
  const pass = (seconds: number) =>
    autocannon({
      url: base,
      connections: options.connections,
      duration: seconds,
      // Loopback only and bounded: a hung server fails the pass instead of stalling the run.
      timeout: 10,
      method: "POST",
      headers: jsonHeaders,
      requests: [
        {
          path: publishPath,
          method: "POST",
          setupRequest: (request: autocannon.Request) => {
            const id = randomUUID();
            generated.add(id);
            return { ...request, body: envelope(id) };
          },
          onResponse: (status: number, body: string) => {
            if (status < 200 || status >= 300) return;
            // The id from the answer, not from the request: proves which event this 2xx stands for.
            const id = (() => {
              try {
                return (JSON.parse(body) as { id?: string }).id;
              } catch {
                return undefined;
              }
            })();
            if (id) acknowledged.add(id);
            else unreadable++;
          },
        },
      ],
    });

  const passes: autocannon.Result[] = [];
  if (options.warmupSeconds > 0) passes.push(await pass(options.warmupSeconds));
  const measured = await pass(options.seconds);
  passes.push(measured);

  const problems = passes.map((pass) => problemsOf(pass));
  const problemCount = problems.reduce((sum, p) => sum + p.count, 0) + unreadable;
  const problemDetail = [
    ...problems.map((p, index) => (p.detail ? `${index === passes.length - 1 ? "measured" : "warm-up"}: ${p.detail}` : "")),
    unreadable ? `${unreadable} 2xx answers without an event id` : "",
  ]
    .filter(Boolean)
    .join("; ");

  // Requests cut off by the timer may still be committing; let them land before counting.
  await sleep(1_000);
  const log = await checkLog(db, before, generated, acknowledged, options.connections * passes.length);
  return {
    acceptedPerSecond: measured["2xx"] / measured.duration,
    p50: measured.latency.p50,
    p99: measured.latency.p99,
    accepted: measured["2xx"],
    problems: problemCount,
    problemDetail,
    log,
  };
}

export async function headOfLog(db: pg.Client): Promise<string> {
  const { rows } = await db.query<{ head: string }>(`SELECT coalesce(max(position), 0)::text AS head FROM platform_event`);
  return rows[0]!.head;
}

async function checkLog(db: pg.Client, after: string, generated: Set<string>, acknowledged: Set<string>, maxCutOff: number): Promise<LogCheck> {
  const { rows } = await db.query<{ id: string }>(`SELECT id::text AS id FROM platform_event WHERE position > $1::bigint`, [after]);
  let found = 0;
  let foreign = 0;
  for (const { id } of rows) {
    if (acknowledged.has(id)) found++;
    else if (!generated.has(id)) foreign++;
  }
  const cutOff = rows.length - found - foreign;
  return {
    total: rows.length,
    acknowledged: acknowledged.size,
    acknowledgedFound: found,
    cutOff,
    foreign,
    ok: found === acknowledged.size && foreign === 0 && cutOff <= maxCutOff,
  };
}
