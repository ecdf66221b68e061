import autocannon from "autocannon";

/** Milliseconds on the wall-clock scale with sub-millisecond resolution, the same in worker threads. */
export const now = (): number => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Asks `done` every `everyMs` until it holds (true) or `withinMs` have passed (false). */
export async function waitFor(done: () => boolean | Promise<boolean>, withinMs: number, everyMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; ; await sleep(everyMs)) {
    if (await done()) return true;
    if (Date.now() >= deadline) return false;
  }
}

/** Nearest-rank percentile; NaN for no values, so a missing figure shows. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return !sorted.length ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return !sorted.length ? NaN : sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export type HttpCall = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };
export const getCall = (path: string): HttpCall => ({ method: "GET", path });
export const graphqlCall = (body: object): HttpCall => ({
  method: "POST",
  path: "/graphql",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
/** A GraphQL answer that failed though it is a 2xx; cheap per response: `errors` is a top-level key, and no seeded data holds the word. */
export const graphqlFailed = (body: string) => body.includes('"errors":');
/** The calls a load cycles through: a list of reads, or writes made afresh for each request. */
export type Calls = { readonly length: number; at(index: number): HttpCall | undefined };

export type Load = { connections: number; seconds: number; warmupSeconds: number };

export type Measurement = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** 2xx answers, warm-up included: what a write's rows are counted against. */
  succeeded: number;
  /** Non-2xx answers, socket errors, timeouts and 2xx answers that are not the answer. */
  errors: number;
  errorDetail: string;
};

/** A warm-up pass (out of the figures, not of the error count), then the measured one; `failedBody` tells a 2xx that is not the answer. */
export async function measure(
  base: string,
  calls: Calls,
  load: Load,
  headers: Record<string, string>,
  failedBody?: (body: string) => boolean,
): Promise<Measurement> {
  let next = 0;
  const bodyFailures = { count: 0 };
  const first = calls.at(0)!;
  const fire = (seconds: number) =>
    autocannon({
      url: base,
      connections: load.connections,
      duration: seconds,
      // Loopback only and bounded: a hung server fails the measurement instead of stalling the run.
      timeout: 10,
      method: first.method,
      headers: { ...first.headers, ...headers },
      body: first.body,
      requests: [
        {
          path: first.path,
          // autocannon tests for these keys' presence, not their value: only when used. `next` is shared,
          // so concurrent connections ask for different rows.
          ...(calls.length > 1 && {
            setupRequest: (request: autocannon.Request) => {
              const call = calls.at(next++ % calls.length)!;
              // Method, headers and body too: a mix may follow a POST with a GET, which must not carry its body.
              return {
                ...request,
                method: call.method,
                path: call.path,
                headers: { ...request.headers, ...call.headers },
                body: call.body,
              };
            },
          }),
          ...(failedBody && {
            onResponse: (status: number, body: string) => void (status < 300 && failedBody(body) && bodyFailures.count++),
          }),
        },
      ],
    });
  let warmSucceeded = 0;
  if (load.warmupSeconds > 0) {
    const warm = await fire(load.warmupSeconds);
    const problems = problemsOf(warm, bodyFailures.count);
    warmSucceeded = warm["2xx"];
    const noFigures = { requestsPerSecond: 0, p50: 0, p99: 0, succeeded: warmSucceeded };
    if (problems.count) return { ...noFigures, errors: problems.count, errorDetail: `during warm-up: ${problems.detail}` };
    bodyFailures.count = 0;
  }
  const result = await fire(load.seconds);
  const problems = problemsOf(result, bodyFailures.count);
  // A server too slow to finish one request in the measured seconds has no figure, not a figure of 0.
  if (!problems.count && result.requests.total === 0) throw new Error(`no request completed in ${load.seconds} s`);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    succeeded: warmSucceeded + result["2xx"],
    errors: problems.count,
    errorDetail: problems.detail,
  };
}

/** Everything in an autocannon run that was not a clean 2xx, counted and described. */
export function problemsOf(result: autocannon.Result, bodyFailures = 0): { count: number; detail: string } {
  const parts = [
    ...Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, stats]) => `${stats.count ?? 0}× ${code}`),
    result.errors - result.timeouts > 0 ? `${result.errors - result.timeouts} socket errors` : "",
    result.timeouts > 0 ? `${result.timeouts} timeouts` : "",
    bodyFailures > 0 ? `${bodyFailures} answers with errors in the body` : "",
  ];
  return { count: result.non2xx + result.errors + bodyFailures, detail: parts.filter(Boolean).join(", ") };
}

/** Rounds of one side taken together: mean req/s and p50, the worst round's p99. */
export const overRounds = (rounds: readonly Measurement[]) => ({
  requestsPerSecond: mean(rounds.map((m) => m.requestsPerSecond)),
  p50: mean(rounds.map((m) => m.p50)),
  p99: Math.max(...rounds.map((m) => m.p99)),
});

/** "0.57–0.64": how far one round's ratio lies from another's says how much the machine's noise moved it. */
export const spread = (ratios: readonly number[]) =>
  ratios.length < 2 ? "" : `rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;

/** Fetches and parses a JSON answer; a body that is not JSON is an error that quotes it. */
export async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000), ...init });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
}
