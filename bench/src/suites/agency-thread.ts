import { parentPort } from "node:worker_threads";
import { buildServer } from "@pap/agency-simulator";

// The reference agency simulator in a worker thread: the submitters must not delay its answers (the lag
// includes them), and its counters (the outbox's concurrency as the agencies see it) are read in-process.

export type AgencyAsk = { op: "stats" | "stop" } | { op: "received"; keys: string[] };
export type AgencyStats = { maxInFlight: number };

const app = buildServer();
let inFlight = 0;
let stats: AgencyStats = { maxInFlight: 0 };
const counted = new WeakSet<object>();
app.addHook("onRequest", async (request) => {
  if (!request.url.startsWith("/agencies/")) return;
  counted.add(request);
  stats.maxInFlight = Math.max(stats.maxInFlight, ++inFlight);
});
// Every request counted in counts out once: answered, refused, or its connection gone.
const out = async (request: object) => void (counted.delete(request) && inFlight--);
app.addHook("onResponse", out);
app.addHook("onRequestAbort", out);

/** The idempotency keys the simulator never received, by its own `GET /calls/{key}` injected: the route without a socket per key. */
async function neverReceived(keys: string[]): Promise<number> {
  let missing = 0;
  for (const key of keys) {
    const response = await app.inject({ method: "GET", url: `/calls/${encodeURIComponent(key)}` });
    if (response.statusCode !== 200 || (response.json() as { received: number }).received < 1) missing++;
  }
  return missing;
}

app.listen({ host: "127.0.0.1", port: 0 }).then(
  () => {
    parentPort!.on("message", (message: AgencyAsk) => {
      const answer = (result: unknown) => parentPort!.postMessage(result);
      // Read and start over: each step sees its own.
      if (message.op === "stats") {
        answer(stats);
        stats = { maxInFlight: inFlight };
      } else if (message.op === "received") void neverReceived(message.keys).then(answer);
      else void app.close().then(() => answer(null));
    });
    const address = app.server.address();
    parentPort!.postMessage({ listening: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` });
  },
  (error: Error) => parentPort!.postMessage({ failed: error.message }),
);
