import { parentPort } from "node:worker_threads";
import { buildServer } from "@pap/agency-simulator";

// The reference agency simulator, in a worker thread of the benchmark: its own event loop, so the
// submitters in the main thread do not delay its answers (which the lag includes), and in this
// process, so its counters are read without a process of its own to manage. Beside the simulator's
// own routes it counts the agency requests it is serving at once (the outbox's concurrency seen from
// the agency's side).

export type SimulatorRequest = { id: number } & ({ op: "stats" } | { op: "received"; keys: string[] } | { op: "stop" });
export type SimulatorStats = { requests: number; maxInFlight: number };
export type KeyCounts = { seen: number; missing: number; retried: number; maxReceived: number; notAnswered: number };

const app = buildServer();
let inFlight = 0;
let stats: SimulatorStats = { requests: 0, maxInFlight: 0 };
const agencyRoute = (url: string) => url.startsWith("/agencies/");

const counted = new WeakSet<object>();

app.addHook("onRequest", async (request) => {
  if (!agencyRoute(request.url)) return;
  counted.add(request);
  inFlight++;
  stats.requests++;
  stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
});
// Every request that counted in counts out once: answered, refused, or its connection gone.
const out = async (request: object) => {
  if (counted.delete(request)) inFlight--;
};
app.addHook("onResponse", out);
app.addHook("onRequestAbort", out);

/**
 * What the simulator saw of each idempotency key, through its own `GET /calls/{key}` (injected: the
 * same route, without a socket per key): how many keys never arrived, how many came more than once.
 */
async function received(keys: string[]): Promise<KeyCounts> {
  const counts: KeyCounts = { seen: 0, missing: 0, retried: 0, maxReceived: 0, notAnswered: 0 };
  for (const key of keys) {
    const response = await app.inject({ method: "GET", url: `/calls/${encodeURIComponent(key)}` });
    if (response.statusCode !== 200) {
      counts.missing++;
      continue;
    }
    const count = response.json() as { received: number; answered: number };
    if (count.received < 1) counts.missing++;
    else counts.seen++;
    if (count.received > 1) counts.retried++;
    if (count.answered < 1) counts.notAnswered++;
    counts.maxReceived = Math.max(counts.maxReceived, count.received);
  }
  return counts;
}

async function main() {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  parentPort!.on("message", (message: SimulatorRequest) => {
    const answer = (result: unknown) => parentPort!.postMessage({ id: message.id, result });
    const fail = (error: unknown) => parentPort!.postMessage({ id: message.id, error: (error as Error).message });
    if (message.op === "stats") {
      // Read and start over: each step sees its own.
      answer(stats);
      stats = { requests: 0, maxInFlight: inFlight };
    } else if (message.op === "received") received(message.keys).then(answer, fail);
    else if (message.op === "stop") app.close().then(() => answer(null), fail);
  });
  parentPort!.postMessage({ listening: `http://127.0.0.1:${port}` });
}

main().catch((error: unknown) => parentPort!.postMessage({ failed: (error as Error).message }));
