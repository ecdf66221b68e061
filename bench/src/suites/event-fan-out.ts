import { randomUUID } from "node:crypto";
import { groupCpuMs } from "../cpu";
import { percentile, sleep, waitFor } from "../measure";
import { admin, type Platform } from "../platform";
import type { Result } from "../scenarios";
import { joined } from "../suite";
import { envelope, openSubscription, type Reader } from "./event-clients";
import { publishOnTimetable } from "./event-timetable";

// Identical subscribers: one execution per event for all of them, whatever their number. The figure is
// the executions the platform counts per committed event; what the fan-out costs is in the detail.

export type FanOutSettings = { subscribers: readonly number[]; rate: number; seconds: number };

/** A counter's total over its labels in this process's Prometheus text (`?scope=process`: the platform is one process). */
async function counterTotal(base: string, name: string): Promise<number> {
  const response = await fetch(`${base}/metrics?scope=process`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  let total = 0;
  for (const line of text.split("\n"))
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) total += Number(line.split(" ").at(-1));
  return total;
}

export async function fanOut(platform: Platform, databaseUrl: string, settings: FanOutSettings, count: number): Promise<Result> {
  const variant = `${count} subscriber${count === 1 ? "" : "s"}`;
  // Per event: how many subscribers have it, and when the last of them got it.
  const reached = new Map<string, { count: number; last: number }>();
  const onEvent = (id: string, at: number) => {
    const seen = reached.get(id);
    if (seen) [seen.count, seen.last] = [seen.count + 1, at];
    else reached.set(id, { count: 1, last: at });
  };
  const readers: Reader[] = [];
  const url = `${platform.graphqlBase.replace(/^http/, "ws")}/graphql`;
  try {
    // 50 at a time: a thousand simultaneous handshakes would measure the accept queue.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(50, count) }, async () => {
        for (let index = next++; index < count; index = next++) readers.push(await openSubscription(url, admin, onEvent));
      }),
    );
    await everySubscriberLive(platform.graphqlBase, reached, count);
    reached.clear();
    const counters = async () => ({
      executions: await counterTotal(platform.graphqlBase, "pap_subscription_executions_total"),
      payloads: await counterTotal(platform.graphqlBase, "pap_subscription_payloads_total"),
      cpu: groupCpuMs([platform.pid]),
    });
    const before = await counters();
    const output = await publishOnTimetable({ databaseUrl, rate: settings.rate, seconds: settings.seconds });
    const ids = output.committed.map((committed) => committed.id);
    // Until every committed event reached every subscriber, or nothing new arrived for 5 s.
    for (let total = -1, progress = Date.now(); Date.now() - progress < 5_000; await sleep(100)) {
      const now = ids.reduce((sum, id) => sum + (reached.get(id)?.count ?? 0), 0);
      if (now === ids.length * count) break;
      if (now !== total) [total, progress] = [now, Date.now()];
    }
    const after = await counters();
    const events = ids.length;
    const executions = after.executions - before.executions;
    const payloads = after.payloads - before.payloads;
    const cpuPerEvent = (after.cpu - before.cpu) / events;
    const toLast = output.committed.flatMap(({ id, at }) => {
      const seen = reached.get(id);
      return seen?.count === count ? [seen.last - at] : [];
    });
    const incomplete = events - toLast.length;
    const broken = readers.filter((reader) => reader.failure()).length;
    const invalid = joined([
      incomplete && `${incomplete} of ${events} events did not reach every subscriber`,
      broken && `${broken} subscriptions broke: ${readers.find((reader) => reader.failure())?.failure()}`,
      payloads !== events * count && `the platform counted ${payloads} payloads for ${events} events × ${count} subscribers`,
    ]);
    return {
      scenario: "fan-out",
      variant,
      ours: executions / events,
      comparison: 1,
      detail: `${events} events at ${settings.rate}/s; CPU ${cpuPerEvent.toFixed(2)} ms per event (${((cpuPerEvent * 1000) / count).toFixed(0)} µs per delivery); commit to the last subscriber p50 ${percentile(toLast, 50).toFixed(0)} / p99 ${percentile(toLast, 99).toFixed(0)} ms`,
      ...(invalid && { invalid }),
    };
  } finally {
    await Promise.all(readers.map((reader) => reader.close()));
  }
}

/** graphql-ws acknowledges no subscription: probe events until one has reached every subscriber. */
async function everySubscriberLive(base: string, reached: Map<string, { count: number }>, count: number): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = randomUUID();
    const response = await fetch(`${base}/platform/events`, {
      method: "POST",
      headers: { "content-type": "application/json", ...admin },
      body: envelope(id),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 201) throw new Error(`POST /platform/events answered ${response.status}`);
    if (await waitFor(() => reached.get(id)?.count === count, 2_000, 20)) return;
  }
  throw new Error(`no probe event reached all ${count} subscribers within 20 attempts`);
}
