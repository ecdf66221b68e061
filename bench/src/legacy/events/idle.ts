import { randomUUID } from "node:crypto";
import { now, percentile, sleep } from "./clock";
import { envelope, eventTypeFilter, jsonHeaders, publishPath, streamPath } from "./envelope";
import { rssKiB } from "./platform-process";
import { openSse, type SseStream } from "./sse";

export type IdleMemory = {
  connections: number;
  /** Server RSS in KiB before opening, with all open, and after closing them all. */
  before: number;
  open: number;
  after: number;
  /** (open − before) / connections. */
  perConnectionKiB: number;
  openSeconds: number;
  /** Sampled streams that received the event published once all were open (must be all). */
  sampled: number;
  sampleReached: number;
  /** Every open stream that received it, for information. */
  allReached: number;
  /** From sending the publish request to each stream's receipt, in ms: how long one event takes to reach every stream. */
  fanOutP50Ms: number;
  fanOutMaxMs: number;
  failures: number;
  failureDetail: string;
};

// No way to force a collection in the server from outside, so give it time to settle: the delta is
// an upper bound (short-lived garbage from opening the streams may not be collected yet).
export const settleMs = 3_000;
// Opening in parallel, but bounded: thousands of simultaneous handshakes would measure the accept
// queue rather than what an open stream costs.
export const openConcurrency = 100;

/**
 * What an idle server-sent-event stream costs the server: its resident memory before and after
 * opening many streams that receive nothing, then a single event to show the streams are still live.
 */
export async function measureIdleMemory(base: string, pid: number, options: { connections: number; sample: number }): Promise<IdleMemory> {
  const url = `${base}${streamPath}?type=${encodeURIComponent(eventTypeFilter)}`;
  const probeId = randomUUID();
  const reached = new Map<number, number>();
  const streams: SseStream[] = [];
  try {
    await warmUp(url, base, Math.min(openConcurrency, options.connections));
    await sleep(settleMs);
    const before = rssKiB(pid);

    const opening = now();
    let next = 0;
    const opener = async () => {
      while (next < options.connections) {
        const index = next++;
        streams[index] = await openSse(url, (id, receivedAt) => {
          if (id === probeId) reached.set(index, receivedAt);
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(openConcurrency, options.connections) }, opener));
    const openSeconds = (now() - opening) / 1_000;

    await sleep(settleMs);
    const open = rssKiB(pid);

    // Evenly spread over the opening order, so early and late streams are both checked.
    const step = options.connections / options.sample;
    const sample = Array.from({ length: options.sample }, (_, k) => Math.floor(k * step));
    const publishedAt = now();
    const response = await fetch(base + publishPath, { method: "POST", headers: jsonHeaders, body: envelope(probeId), signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`POST ${publishPath} with ${options.connections} streams open answered ${response.status}`);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !sample.every((index) => reached.has(index))) await sleep(20);
    // A moment more for the rest of the fan-out, which is only reported.
    const allDeadline = Date.now() + 2_000;
    while (Date.now() < allDeadline && reached.size < options.connections) await sleep(50);
    const sampleReached = sample.filter((index) => reached.has(index)).length;
    const fanOut = [...reached.values()].map((at) => at - publishedAt).sort((a, b) => a - b);

    const failed = streams.map((stream) => stream.failure()).filter((failure): failure is string => failure !== null);
    for (const stream of streams) stream.close();
    streams.length = 0;
    await sleep(settleMs);
    const after = rssKiB(pid);

    return {
      connections: options.connections,
      before,
      open,
      after,
      perConnectionKiB: (open - before) / options.connections,
      openSeconds,
      sampled: sample.length,
      sampleReached,
      allReached: reached.size,
      fanOutP50Ms: percentile(fanOut, 50),
      fanOutMaxMs: fanOut.length ? fanOut[fanOut.length - 1]! : NaN,
      failures: failed.length,
      failureDetail: [...new Set(failed)].slice(0, 3).join("; "),
    };
  } finally {
    for (const stream of streams) stream?.close();
  }
}

/**
 * Opens a few streams, sends one event through them and closes them, so that what happens only once
 * (compiling the stream and publish paths, lazy initialisation) is in the baseline, not in the delta.
 */
async function warmUp(url: string, base: string, count: number): Promise<void> {
  const id = randomUUID();
  let reached = 0;
  const streams = await Promise.all(Array.from({ length: count }, () => openSse(url, (received) => void (received === id && reached++))));
  try {
    const response = await fetch(base + publishPath, { method: "POST", headers: jsonHeaders, body: envelope(id), signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`warm-up: POST ${publishPath} answered ${response.status}`);
    const deadline = Date.now() + 10_000;
    while (reached < count && Date.now() < deadline) await sleep(20);
    if (reached < count) throw new Error(`warm-up: the event reached ${reached} of ${count} streams`);
  } finally {
    for (const stream of streams) stream.close();
  }
}
