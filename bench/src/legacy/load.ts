import { authorization } from "./auth";
import autocannon from "autocannon";
import type { Calls, Scenario } from "./scenarios";

export type Measurement = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** 2xx answers, warm-up included: what a write cell's rows are counted against. */
  succeeded: number;
  /** Non-2xx answers, socket errors, timeouts and 200s that carry an error: each one fails the run. */
  errors: number;
  errorDetail: string;
};

export type LoadOptions = { connections: number; durationSeconds: number; warmupSeconds: number };

/**
 * A warm-up pass (discarded from the figures, not from the error count), then the measured pass.
 * Every connection cycles through the scenario's calls, each connection from its own offset.
 */
export function measure(base: string, scenario: Scenario, calls: Calls, options: LoadOptions): Promise<Measurement> {
  return warmThenMeasure((seconds, bodyFailures) => fire(base, scenario, calls, options.connections, seconds, bodyFailures), options);
}

/**
 * How every cell is measured, whatever it sends: `fire` runs autocannon for so many seconds, counting
 * 2xx answers that carry a failure in `bodyFailures`. Warm-up errors end the measurement at once.
 */
export async function warmThenMeasure(
  fire: (seconds: number, bodyFailures: { count: number }) => Promise<autocannon.Result>,
  options: Pick<LoadOptions, "durationSeconds" | "warmupSeconds">,
): Promise<Measurement> {
  const bodyFailures = { count: 0 };
  let warmSucceeded = 0;
  if (options.warmupSeconds > 0) {
    const warm = await fire(options.warmupSeconds, bodyFailures);
    const problems = problemsOf(warm, bodyFailures.count);
    bodyFailures.count = 0;
    warmSucceeded = warm["2xx"];
    if (problems.count) return { requestsPerSecond: 0, p50: 0, p99: 0, requests: 0, succeeded: warmSucceeded, errors: problems.count, errorDetail: `during warm-up: ${problems.detail}` };
  }
  const result = await fire(options.durationSeconds, bodyFailures);
  const problems = problemsOf(result, bodyFailures.count);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    succeeded: warmSucceeded + result["2xx"],
    errors: problems.count,
    errorDetail: problems.detail,
  };
}

function fire(base: string, scenario: Scenario, calls: Calls, connections: number, seconds: number, bodyFailures: { count: number }) {
  let next = 0;
  const failedBody = scenario.failedBody;
  const first = calls.at(0)!;
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    // Loopback only and bounded: a hung server fails the scenario instead of stalling the run.
    timeout: 10,
    method: first.method,
    headers: { ...first.headers, ...authorization },
    body: first.body,
    requests: [
      {
        path: first.path,
        // autocannon tests for the presence of these keys, not their value: add them only when used.
        // A fresh call per request: `next` is shared, so concurrent connections hit different rows.
        ...(calls.length > 1 && {
          setupRequest: (request: autocannon.Request) => {
            const call = calls.at(next++ % calls.length)!;
            return { ...request, path: call.path, ...(call.body !== undefined && { body: call.body }) };
          },
        }),
        ...(failedBody && {
          onResponse: (status: number, body: string) => {
            if (status >= 200 && status < 300 && failedBody(body)) bodyFailures.count++;
          },
        }),
      },
    ],
  });
}

/** Everything in an autocannon run that was not a clean 2xx, counted and described. */
export function problemsOf(result: autocannon.Result, bodyFailures = 0): { count: number; detail: string } {
  const statusCodes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, stats]) => `${stats.count ?? 0}× ${code}`);
  const parts = [
    ...statusCodes,
    result.errors - result.timeouts > 0 ? `${result.errors - result.timeouts} socket errors` : "",
    result.timeouts > 0 ? `${result.timeouts} timeouts` : "",
    bodyFailures > 0 ? `${bodyFailures} responses with errors in the body` : "",
  ].filter(Boolean);
  return { count: result.non2xx + result.errors + bodyFailures, detail: parts.join(", ") };
}
