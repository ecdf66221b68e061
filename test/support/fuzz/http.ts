import http from "node:http";

/**
 * One request exactly as it goes on the wire. `path` is the raw request target: it may hold
 * percent-escapes that do not decode, or latin1 characters that node:http writes as single bytes
 * (invalid UTF-8 in a URL), which fetch would refuse or re-encode.
 */
export type RawRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
};

export type RawResponse =
  | { kind: "answer"; status: number; headers: http.IncomingHttpHeaders; text: string; ms: number }
  | { kind: "no-answer"; error: string; ms: number };

export const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Sends one request with node:http (bodies on GET, bytes fetch would not send) and reads the whole
 * answer. An open event stream (200 text/event-stream) never ends, so it counts as answered once its
 * head arrives. Every request is aborted after REQUEST_TIMEOUT_MS: a hang is a finding, not a stall.
 */
export function send(baseUrl: string, request: RawRequest, agent: http.Agent): Promise<RawResponse> {
  const started = Date.now();
  const base = new URL(baseUrl);
  return new Promise((resolve) => {
    const done = (response: RawResponse) => resolve(response);
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body !== undefined && { "content-length": String(Buffer.byteLength(request.body)) }),
        },
        agent,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      // Node refuses some targets and header values outright (control characters): nothing was sent.
      return done({ kind: "no-answer", error: `not sendable: ${(error as Error).message}`, ms: 0 });
    }
    req.on("response", (res) => {
      if (res.statusCode === 200 && String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
        res.destroy();
        return done({ kind: "answer", status: 200, headers: res.headers, text: "", ms: Date.now() - started });
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        done({
          kind: "answer",
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          ms: Date.now() - started,
        }),
      );
      res.on("error", (error) => done({ kind: "no-answer", error: describe(error), ms: Date.now() - started }));
    });
    req.on("error", (error) => done({ kind: "no-answer", error: describe(error), ms: Date.now() - started }));
    req.end(request.body);
  });
}

/** Whether a request went past the limit: no answer within it, or an answer that came later. */
const stalled = (response: RawResponse) =>
  response.kind === "no-answer" ? response.error === "timeout" : response.ms > REQUEST_TIMEOUT_MS;

/**
 * Sends the request, and once more if it stalled past REQUEST_TIMEOUT_MS: the second answer is the
 * verdict. A hang stalls every time; a request that a busy machine held up once (every process of the
 * test run shares two cores, and a moment when the machine stalls them all for seconds has been seen
 * there) answers the second time. `stalledOnce` says which it was, for the run's summary.
 */
export async function sendPatiently(
  baseUrl: string,
  request: RawRequest,
  agent: http.Agent,
): Promise<{ response: RawResponse; stalledOnce: boolean }> {
  const first = await send(baseUrl, request, agent);
  if (!stalled(first)) return { response: first, stalledOnce: false };
  return { response: await send(baseUrl, request, agent), stalledOnce: true };
}

const describe = (error: Error & { code?: string }) =>
  error.name === "TimeoutError" || error.name === "AbortError" ? "timeout" : (error.code ?? error.message);

/** Runs `work` over `items` with at most `concurrency` in flight, in order of the list. */
export async function forEachBounded<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
