import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type pg from "pg";
import { now, percentile, problemsOf, sleep, waitFor } from "../measure";
import { admin, eventsNumbered, freshDatabase, startFloor, startPlatform, watched, type Server } from "../platform";
import type { Result } from "../scenarios";
import { attempt, joined, type Suite } from "../suite";
import { envelope, openSse, openSubscription, typeFilter, type OnEvent, type Reader } from "./event-clients";
import { fanOut } from "./event-fan-out";
import { publishOnTimetable } from "./event-timetable";

// The event spine: publishing, delivery to live readers (against the floor's reader of the same log), idle streams' memory.

const json = () => ({ "content-type": "application/json", ...admin });
const publish = async (base: string, id = randomUUID()) => {
  const response = await fetch(`${base}/platform/events`, {
    method: "POST",
    headers: json(),
    body: envelope(id),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 201)
    throw new Error(`POST /platform/events answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  await response.arrayBuffer();
};

export const events: Suite = async (context) => {
  const { scope, quick, log } = context;
  const settings = quick
    ? { seconds: 2, warmupSeconds: 1, rate: 200, streams: 300, sample: 30 }
    : { seconds: 10, warmupSeconds: 2, rate: 1_000, streams: 10_000, sample: 50 };
  // 20 events a second: a thousand subscribers make that 20,000 deliveries a second, about what two cores
  // carry beside the load generator's thousand clients; more measures the backlog, not the sharing.
  const fanOutSettings = { subscribers: [1, 100, 1_000], rate: 20, seconds: quick ? 3 : 10 };
  context.note(
    `publishing: 50 connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s per side; delivery: ${settings.rate} events/s for ${settings.seconds} s; ${settings.streams} idle streams; fan-out: ${fanOutSettings.subscribers.join(", ")} identical graphql-ws subscribers, ${fanOutSettings.rate} events/s for ${fanOutSettings.seconds} s`,
  );
  const database = await freshDatabase(scope);
  const platform = await startPlatform(scope, database.url);
  const floor = await startFloor(scope, database.url);
  const servers = [platform, floor];

  // Memory first: later the heap holds the garbage of thousands of publishes, whose collection while
  // the streams open would shrink the figure below what the streams cost.
  await attempt(context, [{ scenario: "idle-streams" }], async () =>
    context.record(await watched([platform], () => idleMemory(platform, settings))),
  );
  const publishRate = async (side: string, base: string) => {
    const passed = await watched(servers, () => publishing(base, database.client, settings));
    log(`publish ${side}: ${passed.perSecond.toFixed(0)} events/s, p99 ${passed.p99} ms`);
    return passed.perSecond;
  };
  await attempt(context, [{ scenario: "publish" }], async () =>
    context.record({
      scenario: "publish",
      ours: await publishRate("ours", platform.graphqlBase),
      comparison: await publishRate("floor", floor.base),
    }),
  );
  await attempt(context, [{ scenario: "delivery-sse" }, { scenario: "delivery-graphql-ws" }], async () => {
    for (const result of await watched(servers, () => delivery(platform, floor, database.url, settings))) context.record(result);
  });
  for (const count of fanOutSettings.subscribers) {
    const variant = `${count} subscriber${count === 1 ? "" : "s"}`;
    await attempt(context, [{ scenario: "fan-out", variant }], async () =>
      context.record(await watched([platform], () => fanOut(platform, database.url, fanOutSettings, count))),
    );
  }
};

/** Then the log read back: every acknowledged event there, nothing foreign, no more others than the timer cut off (one per connection). */
async function publishing(base: string, db: pg.Client, settings: { seconds: number; warmupSeconds: number }) {
  const head = (await db.query<{ head: string }>(`SELECT coalesce(max(position), 0)::text AS head FROM platform_event`)).rows[0]!.head;
  const generated = new Set<string>();
  const acknowledged = new Set<string>();
  const pass = (seconds: number) =>
    autocannon({
      url: `${base}/platform/events`,
      connections: 50,
      duration: seconds,
      timeout: 10,
      method: "POST",
      headers: json(),
      requests: [
        {
          setupRequest: (request: autocannon.Request) => {
            const id = randomUUID();
            generated.add(id);
            return { ...request, body: envelope(id) };
          },
          // The id from the answer, not the request: proves which event this 2xx stands for.
          onResponse: (status: number, body: string) =>
            void (status < 300 && acknowledged.add(/"id":"([^"]+)"/.exec(body)?.[1] ?? "unreadable")),
        },
      ],
    });
  const passes = [...(settings.warmupSeconds ? [await pass(settings.warmupSeconds)] : []), await pass(settings.seconds)];
  const problems = passes.map((result) => problemsOf(result)).filter((problem) => problem.count);
  if (problems.length || acknowledged.has("unreadable"))
    throw new Error(`errors: ${problems.map((problem) => problem.detail).join("; ") || "a 2xx without the event's id"}`);
  // Requests cut off by the timer may still be committing.
  await eventsNumbered(db);
  const { rows } = await db.query<{ id: string }>(`SELECT id::text AS id FROM platform_event WHERE position > $1::bigint`, [head]);
  const found = rows.filter((row) => acknowledged.has(row.id)).length;
  const foreign = rows.filter((row) => !generated.has(row.id)).length;
  if (found !== acknowledged.size || foreign || rows.length - found > 50 * passes.length) {
    throw new Error(
      `the log does not match the answers: ${rows.length} events in it, ${found} of ${acknowledged.size} acknowledged, ${foreign} foreign`,
    );
  }
  const measured = passes.at(-1)!;
  return { perSecond: measured["2xx"] / measured.duration, p99: measured.latency.p99 };
}

/**
 * An SSE reader and a graphql-ws subscriber on the platform and a reader on the floor, while a worker
 * commits on a timetable: delivery latency runs from a commit's confirmation to its receipt, and every
 * committed event must reach every reader exactly once.
 */
async function delivery(
  platform: Server & { graphqlBase: string },
  floor: Server & { base: string },
  databaseUrl: string,
  settings: { rate: number; seconds: number },
) {
  const stream = `/platform/events/stream?type=${encodeURIComponent(typeFilter)}`;
  const receipts = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const duplicates = [0, 0, 0];
  const record =
    (index: number): OnEvent =>
    (id, at) =>
      receipts[index]!.has(id) ? duplicates[index]!++ : receipts[index]!.set(id, at);
  const readers: Reader[] = [];
  try {
    readers.push(await openSse(platform.graphqlBase + stream, admin, record(0)));
    readers.push(await openSubscription(`${platform.graphqlBase.replace(/^http/, "ws")}/graphql`, admin, record(1)));
    readers.push(await openSse(floor.base + stream, {}, record(2)));
    await provenLive(platform.graphqlBase, receipts);
    const output = await publishOnTimetable({ databaseUrl, ...settings });
    const ids = output.committed.map((c) => c.id);
    // Until every committed event reached every reader, or nothing new arrived for 5 s.
    for (let count = -1, progress = Date.now(); Date.now() - progress < 5_000; await sleep(100)) {
      const reached = receipts.reduce((sum, times) => sum + ids.filter((id) => times.has(id)).length, 0);
      if (reached === ids.length * receipts.length) break;
      if (reached !== count) [count, progress] = [reached, Date.now()];
    }
    const failed = Object.entries(output.failed).map(([what, count]) => `${count}× ${what}`);
    const [sse, subscription, floorReader] = receipts.map((times, index) => {
      const latencies = output.committed.flatMap(({ id, at }) => (times.has(id) ? [times.get(id)! - at] : []));
      const missing = ids.length - latencies.length;
      const failure = readers[index]!.failure();
      const problem = joined(
        [missing && `${missing} of ${ids.length} missing`, duplicates[index] && `${duplicates[index]} twice`, failure],
        ", ",
      );
      const named = problem && `${["SSE", "graphql-ws", "floor reader"][index]}: ${problem}`;
      return {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        problem: named || (failed.length ? `writes failed: ${failed.join(", ")}` : ""),
      };
    });
    const detail = `${ids.length} events committed, p99 ${percentile(
      output.committed.map((c) => c.ms),
      99,
    ).toFixed(1)} ms to commit, at most ${output.maxInFlight} in flight`;
    return (
      [
        ["delivery-sse", sse!],
        ["delivery-graphql-ws", subscription!],
      ] as const
    ).map(([scenario, reader]): Result => {
      const invalid = joined([reader.problem, floorReader!.problem]);
      const p50s = `p50 ${reader.p50.toFixed(1)} / ${floorReader!.p50.toFixed(1)} ms`;
      return { scenario, ours: reader.p99, comparison: floorReader!.p99, detail: `${p50s}; ${detail}`, ...(invalid && { invalid }) };
    });
  } finally {
    for (const reader of readers) await reader.close();
  }
}

/** No reader's subscription is acknowledged by its protocol: probe events until one has reached every reader. */
async function provenLive(base: string, receipts: Map<string, number>[]): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = randomUUID();
    await publish(base, id);
    if (await waitFor(() => receipts.every((times) => times.has(id)), 1_000, 10)) return receipts.forEach((times) => times.clear());
  }
  throw new Error("no probe event reached every reader within 20 attempts");
}

/** The server's resident set in MiB-worth of KiB, as an orchestrator's memory limit counts it. */
const rssKiB = (pid: number) => Number(/^VmRSS:\s*(\d+)\s*kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);

/**
 * The server's RSS before and with the streams open, each after a pause to settle (no collection can be
 * forced from outside: an upper bound); a few streams opened, fed and closed first put what happens
 * once in the baseline; then one event must reach a sample of the streams.
 */
async function idleMemory(platform: Server & { graphqlBase: string }, settings: { streams: number; sample: number }): Promise<Result> {
  const url = `${platform.graphqlBase}/platform/events/stream?type=${encodeURIComponent(typeFilter)}`;
  const probe = randomUUID();
  const reached = new Map<number, number>();
  const streams: Reader[] = [];
  const openAll = async (count: number, onEvent: (index: number) => OnEvent) => {
    let next = 0;
    // 100 at a time: thousands of simultaneous handshakes would measure the accept queue instead.
    await Promise.all(
      Array.from({ length: Math.min(100, count) }, async () => {
        for (let index = next++; index < count; index = next++) streams[index] = await openSse(url, admin, onEvent(index));
      }),
    );
  };
  try {
    let warmed = 0;
    const warmId = randomUUID();
    await openAll(100, () => (id) => void (id === warmId && warmed++));
    await publish(platform.graphqlBase, warmId);
    await waitFor(() => warmed === 100, 10_000, 20);
    for (const stream of streams.splice(0)) await stream.close();
    await sleep(3_000);
    const before = rssKiB(platform.pid);
    const opening = now();
    await openAll(settings.streams, (index) => (id, at) => void (id === probe && reached.set(index, at)));
    const openSeconds = (now() - opening) / 1000;
    await sleep(3_000);
    const open = rssKiB(platform.pid);
    const sample = Array.from({ length: settings.sample }, (_, k) => Math.floor((k * settings.streams) / settings.sample));
    const publishedAt = now();
    await publish(platform.graphqlBase, probe);
    await waitFor(() => sample.every((index) => reached.has(index)), 10_000, 20);
    // A moment more for the rest of the fan-out, which is only reported.
    await waitFor(() => reached.size === settings.streams, 2_000, 50);
    const fanOut = [...reached.values()].map((at) => at - publishedAt);
    const failures = streams.filter((stream) => stream.failure()).length;
    const missed = sample.filter((index) => !reached.has(index)).length;
    const invalid = joined([
      missed && `the event missed ${missed} of ${sample.length} sampled streams`,
      failures && `${failures} streams broke`,
    ]);
    return {
      scenario: "idle-streams",
      ours: open / 1024,
      comparison: 1024,
      ...(invalid && { invalid }),
      detail: `${settings.streams} streams opened in ${openSeconds.toFixed(1)} s, RSS ${(before / 1024).toFixed(0)} MiB before (${((open - before) / settings.streams).toFixed(1)} KiB each); one event reached ${reached.size} of them, the last after ${percentile(fanOut, 100).toFixed(0)} ms`,
    };
  } finally {
    for (const stream of streams) await stream?.close();
  }
}
