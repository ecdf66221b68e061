import autocannon from "autocannon";
import { authorization } from "../auth";
import { problemsOf } from "../load";
import type { GraphqlCall } from "./queries";

export type Measurement = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers, socket errors, timeouts and 200s carrying `errors`: any one fails the run. */
  errors: number;
  errorDetail: string;
};

export type LoadOptions = { connections: number; durationSeconds: number; warmupSeconds: number };

/**
 * A warm-up pass (figures discarded, errors kept), then the measured pass, POSTing the scenario's
 * bodies to `<base>/graphql` in rotation. A 200 that carries `errors` counts as an error.
 */
export async function measureGraphql(base: string, calls: GraphqlCall[], options: LoadOptions): Promise<Measurement> {
  const bodies = calls.map((call) => JSON.stringify(call));
  const failures = { count: 0 };
  if (options.warmupSeconds > 0) {
    const warm = await fire(base, bodies, options.connections, options.warmupSeconds, failures);
    const problems = problemsOf(warm, failures.count);
    if (problems.count) return { requestsPerSecond: 0, p50: 0, p99: 0, requests: 0, errors: problems.count, errorDetail: `during warm-up: ${problems.detail}` };
    failures.count = 0;
  }
  const result = await fire(base, bodies, options.connections, options.durationSeconds, failures);
  const problems = problemsOf(result, failures.count);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: problems.count,
    errorDetail: problems.detail,
  };
}

function fire(base: string, bodies: string[], connections: number, seconds: number, failures: { count: number }) {
  let next = 0;
  return autocannon({
    url: `${base}/graphql`,
    connections,
    duration: seconds,
    timeout: 10,
    method: "POST",
    headers: { "content-type": "application/json", ...authorization },
    body: bodies[0],
    requests: [
      {
        ...(bodies.length > 1 && { setupRequest: (request: autocannon.Request) => ({ ...request, body: bodies[next++ % bodies.length] }) }),
        // Errors are a top-level key; the seeded data never contains the word.
        onResponse: (status: number, body: string) => {
          if (status >= 200 && status < 300 && body.includes('"errors":')) failures.count++;
        },
      },
    ],
  });
}
