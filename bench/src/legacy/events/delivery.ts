import { randomUUID } from "node:crypto";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { percentile, sleep } from "./clock";
import { envelope, eventTypeFilter, jsonHeaders, publishPath, streamPath } from "./envelope";
import type { PublisherInput, PublisherOutput } from "./publisher";
import { openSse } from "./sse";
import { openSubscription } from "./subscription";

export type ClientDelivery = {
  client: string;
  /** Acknowledged events that reached this client. */
  received: number;
  missing: number;
  duplicates: number;
  /** Commit-to-receipt latency in ms: from the publisher's commit being confirmed to this client reading the event. */
  p50: number;
  p99: number;
  max: number;
  failure: string | null;
};

export type Delivery = {
  targetRate: number;
  sent: number;
  /** Rate the requests actually went out at (the publisher's own lag shows here). */
  sentPerSecond: number;
  /** Acknowledged events over the time from the first send to the last answer. */
  acknowledged: number;
  acknowledgedPerSecond: number;
  /** Requests not answered with a 2xx, by status or error. */
  refused: number;
  refusedDetail: string;
  maxInFlight: number;
  maxScheduleLagMs: number;
  /** Send-to-2xx of the acknowledged publishes, in ms: compare with publish-to-receipt to see what delivery adds. */
  answerP50: number;
  answerP99: number;
  clients: ClientDelivery[];
};

type Receipts = { times: Map<string, number>; duplicates: number };

// Quiet time after the last answer before the clients' gaps are counted as missing.
const drainQuietMs = 5_000;

/** Named in the report: the floor's reader, the comparison for the platform's two. */
export const floorClient = "floor: SSE from a bare pg follower";

/**
 * One SSE reader and one graphql-ws subscriber follow the log while a worker commits events on a fixed
 * timetable, without waiting for earlier ones. Every committed event must reach both; the time from
 * its commit to its receipt is the delivery latency. With `floorBase`, a third reader follows the
 * floor's stream of the same log at the same time (bench/src/floor/event-stream.ts): the same events,
 * numbered by the same database function, with nothing of the platform's in between.
 */
export async function measureDelivery(base: string, databaseUrl: string, options: { rate: number; seconds: number; floorBase?: string }): Promise<Delivery> {
  const sse: Receipts = { times: new Map(), duplicates: 0 };
  const subscription: Receipts = { times: new Map(), duplicates: 0 };
  const floor: Receipts = { times: new Map(), duplicates: 0 };
  const record = (receipts: Receipts) => (id: string, at: number) => {
    if (receipts.times.has(id)) receipts.duplicates++;
    else receipts.times.set(id, at);
  };
  const query = `?type=${encodeURIComponent(eventTypeFilter)}`;
  const stream = await openSse(`${base}${streamPath}${query}`, record(sse));
  const subscriber = await openSubscription(`${base.replace(/^http/, "ws")}/graphql`, record(subscription));
  const floorStream = options.floorBase ? await openSse(`${options.floorBase}${streamPath}${query}`, record(floor)) : undefined;
  const readers = floorStream ? [sse, subscription, floor] : [sse, subscription];
  try {
    await provenLive(base, readers);

    const output = await publish({ databaseUrl, rate: options.rate, seconds: options.seconds });
    await drain(output.ids, readers);

    const clients = [
      clientDelivery("SSE /platform/events/stream", sse, output, stream.failure()),
      clientDelivery("graphql-ws subscription", subscription, output, subscriber.failure()),
      ...(floorStream ? [clientDelivery(floorClient, floor, output, floorStream.failure())] : []),
    ];
    const answers = output.answeredAt.map((at, index) => at - output.sentAt[index]!).sort((a, b) => a - b);
    const refused = Object.values(output.refused).reduce((sum, count) => sum + count, 0);
    return {
      targetRate: options.rate,
      sent: output.sent,
      sentPerSecond: output.sent > 1 ? ((output.sent - 1) * 1_000) / (output.lastSentAt - output.firstSentAt) : NaN,
      acknowledged: output.ids.length,
      acknowledgedPerSecond: (output.ids.length * 1_000) / (output.lastAnsweredAt - output.firstSentAt),
      refused,
      refusedDetail: Object.entries(output.refused).map(([outcome, count]) => `${count}× ${outcome}`).join(", "),
      maxInFlight: output.maxInFlight,
      maxScheduleLagMs: output.maxScheduleLagMs,
      answerP50: percentile(answers, 50),
      answerP99: percentile(answers, 99),
      clients,
    };
  } finally {
    stream.close();
    floorStream?.close();
    await subscriber.close();
  }
}

/**
 * No client's subscribe is acknowledged by the protocol, so publish probe events until one has
 * reached every client: from then on, each is certainly registered with its hub.
 */
async function provenLive(base: string, clients: Receipts[]): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const id = randomUUID();
    const response = await fetch(base + publishPath, { method: "POST", headers: jsonHeaders, body: envelope(id), signal: AbortSignal.timeout(10_000) });
    if (response.status !== 201) throw new Error(`probe event: POST ${publishPath} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer().catch(() => {});
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline) {
      if (clients.every((client) => client.times.has(id))) {
        // Probes are not part of the measurement.
        for (const client of clients) client.times.clear();
        return;
      }
      await sleep(10);
    }
  }
  throw new Error("no probe event reached every client within 20 attempts");
}

function publish(input: PublisherInput): Promise<PublisherOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, "publisher.js"), { workerData: input });
    worker.once("message", (output: PublisherOutput) => {
      resolve(output);
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the publisher thread exited (${code}) before reporting`)));
  });
}

/** Waits until every acknowledged event reached every client, or nothing new arrived for a while. */
async function drain(ids: string[], clients: Receipts[]): Promise<void> {
  let lastProgress = Date.now();
  let lastCount = -1;
  for (;;) {
    const count = clients.reduce((sum, client) => sum + ids.filter((id) => client.times.has(id)).length, 0);
    if (count === ids.length * clients.length) return;
    if (count !== lastCount) {
      lastCount = count;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress > drainQuietMs) return;
    await sleep(100);
  }
}

function clientDelivery(client: string, receipts: Receipts, output: PublisherOutput, failure: string | null): ClientDelivery {
  const latencies: number[] = [];
  output.ids.forEach((id, index) => {
    const receivedAt = receipts.times.get(id);
    if (receivedAt !== undefined) latencies.push(receivedAt - output.answeredAt[index]!);
  });
  latencies.sort((a, b) => a - b);
  return {
    client,
    received: latencies.length,
    missing: output.ids.length - latencies.length,
    duplicates: receipts.duplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.length ? latencies[latencies.length - 1]! : NaN,
    failure,
  };
}

