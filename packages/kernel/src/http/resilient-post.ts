import {
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  handleWhen,
  isBrokenCircuitError,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
  type IDisposable,
} from "cockatiel";
import { setMaxListeners } from "node:events";
import { tracedCall } from "@pap/core";
import { isPostCallError, networkFailure, statusFailure, timedOut, type PostFailure, type RefusalDetail } from "./post-failures";

export type ResilientPostOptions = {
  /** How messages name the peer: "the eligibility adapter", "the agency (swica)". */
  peer: string;
  /** Per attempt. Default 5000. */
  timeoutMs?: number;
  /** Attempts per call including the first. Default 3. */
  attempts?: number;
  /** Exponential backoff with jitter between attempts. Default 200 → 2000 ms. */
  backoff?: { initialMs: number; maxMs: number };
  /** Consecutive failed calls that open the breaker, and how long it stays open before one trial call. Default 5 and 30000. */
  breaker?: { consecutiveFailures: number; halfOpenAfterMs: number };
  logger?: { warn(obj: object, msg: string): void; debug?(obj: object, msg: string): void };
  /** What a 4xx's failure keeps of the peer's answer (see `RefusalDetail`). Default "message". */
  refusalDetail?: RefusalDetail;
};

/**
 * JSON POSTs to one outside peer, with a timeout per attempt, jittered exponential retries of transient
 * failures and a consecutive-failure circuit breaker (cockatiel). A call never throws for the peer's
 * trouble: it answers a `PostFailure`. `read` turns a 200's body into the result, throwing
 * `wrongAnswer(…)` for a body it cannot use.
 */
export interface ResilientPoster {
  post<R>(
    url: string,
    payload: string,
    read: (body: string) => R,
    options?: { headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<R | PostFailure>;
  /**
   * "closed" | "open" | "half-open", for logs and metrics. "half-open" as soon as the next call would
   * be the trial call, not only while it runs: the breaker itself moves only when a call arrives.
   */
  readonly breakerState: string;
  /** Aborts calls in flight; later calls fail without touching the network. */
  dispose(): void;
}

type Settings = Required<Omit<ResilientPostOptions, "logger">>;

function settingsOf(options: ResilientPostOptions): Settings {
  const settings: Settings = {
    peer: options.peer,
    timeoutMs: options.timeoutMs ?? 5000,
    attempts: options.attempts ?? 3,
    backoff: options.backoff ?? { initialMs: 200, maxMs: 2000 },
    breaker: options.breaker ?? { consecutiveFailures: 5, halfOpenAfterMs: 30_000 },
    refusalDetail: options.refusalDetail ?? "message",
  };
  if (!(settings.timeoutMs > 0)) throw new RangeError("timeoutMs must be positive");
  if (!Number.isInteger(settings.attempts) || settings.attempts < 1) throw new RangeError("attempts must be a whole number of at least 1");
  if (!Number.isInteger(settings.breaker.consecutiveFailures) || settings.breaker.consecutiveFailures < 1) {
    throw new RangeError("breaker.consecutiveFailures must be a whole number of at least 1");
  }
  return settings;
}

// A timeout reaches the policies as cockatiel's TaskCancelledError, or as our own error when fetch's
// rejection on the abort wins the race against it. Not cockatiel's `isTaskCancelledError`: in 3.2.1 it
// tests for the bulkhead's marker and never matches.
const isTaskCancelledError = (error: unknown) => error instanceof TaskCancelledError;
const isRetriedInCall = (error: Error) => isTaskCancelledError(error) || (isPostCallError(error) && error.kind === "transient");
const countsAgainstPeer = (error: Error) => isTaskCancelledError(error) || (isPostCallError(error) && error.kind !== "refused");

function policiesOf(settings: Settings) {
  const breaker = circuitBreaker(handleWhen(countsAgainstPeer), {
    halfOpenAfter: settings.breaker.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(settings.breaker.consecutiveFailures),
  });
  const retries = retry(handleWhen(isRetriedInCall), {
    maxAttempts: settings.attempts - 1, // cockatiel counts retries, not attempts
    backoff: new ExponentialBackoff({ initialDelay: settings.backoff.initialMs, maxDelay: settings.backoff.maxMs }),
  });
  const perAttempt = timeout(settings.timeoutMs, TimeoutStrategy.Aggressive);
  // The breaker outermost, so it counts calls rather than attempts and an open breaker stops a call before its first attempt.
  return { breaker, retries, policy: wrap(breaker, retries, perAttempt) };
}

type Answer = { status: number; body: string };

/** The body is read within the attempt: cockatiel aborts the attempt's signal as soon as it returns. */
async function send(
  settings: Settings,
  url: string,
  payload: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Answer> {
  try {
    // `manual`: following a redirect would turn the POST into a GET on 301/302.
    const sent = { "content-type": "application/json", accept: "application/json", ...headers };
    return await tracedCall(new URL(url), sent, async () => {
      const response = await fetch(url, { method: "POST", headers: sent, body: payload, signal, redirect: "manual" });
      return { status: response.status, body: await response.text() };
    });
  } catch (error) {
    throw signal.aborted ? timedOut(settings.peer, settings.timeoutMs) : networkFailure(settings.peer, error);
  }
}

function logTransitions(
  policies: ReturnType<typeof policiesOf>,
  settings: Settings,
  logger: ResilientPostOptions["logger"],
): IDisposable[] {
  if (!logger) return [];
  const { consecutiveFailures, halfOpenAfterMs } = settings.breaker;
  const peer = settings.peer;
  // Log lines name the peer first: "eligibility adapter circuit opened: …".
  const subject = peer.replace(/^the /, "");
  return [
    policies.retries.onRetry((event) => {
      const reason = "error" in event ? event.error.message : "unexpected answer";
      logger.debug?.({ peer, attempt: event.attempt, delayMs: Math.round(event.delay), reason }, `retrying ${subject}`);
    }),
    policies.breaker.onBreak(() =>
      logger.warn({ peer, consecutiveFailures, halfOpenAfterMs }, `${subject} circuit opened: calls fail fast`),
    ),
    policies.breaker.onHalfOpen(() => logger.debug?.({ peer }, `${subject} circuit half-open: trial call`)),
    policies.breaker.onReset(() => logger.warn({ peer }, `${subject} circuit closed again`)),
  ];
}

export function resilientPoster(options: ResilientPostOptions): ResilientPoster {
  const settings = settingsOf(options);
  const { logger } = options;
  const policies = policiesOf(settings);
  const lifetime = new AbortController();
  // Every call in flight listens on the client's lifetime (to end when it is disposed): as many listeners as calls, none left behind.
  setMaxListeners(0, lifetime.signal);
  let openedAt = 0;
  const subscriptions = [policies.breaker.onBreak(() => (openedAt = Date.now())), ...logTransitions(policies, settings, logger)];
  // Retryable: the platform is stopping, and the next process may call again.
  const shutDown: PostFailure = { ok: false, reason: `${settings.peer} client was shut down`, retryable: true, kind: "shut-down" };

  // Recorded just after cockatiel's own timestamp, so "half-open" never shows before the breaker would let a trial through.
  function breakerState(): string {
    const state = policies.breaker.state;
    if (state === CircuitState.Closed) return "closed";
    if (state === CircuitState.HalfOpen) return "half-open";
    return state === CircuitState.Open && Date.now() - openedAt >= settings.breaker.halfOpenAfterMs ? "half-open" : "open";
  }

  function failureOf(error: unknown, signal?: AbortSignal): PostFailure {
    if (lifetime.signal.aborted) return shutDown;
    if (signal?.aborted)
      return { ok: false, reason: `${settings.peer} did not answer within the caller's deadline`, retryable: true, kind: "transient" };
    if (isPostCallError(error)) return error.failure;
    if (isTaskCancelledError(error)) return timedOut(settings.peer, settings.timeoutMs).failure;
    if (isBrokenCircuitError(error)) {
      const reason = `${settings.peer} is unavailable (circuit open after ${settings.breaker.consecutiveFailures} failed calls)`;
      return { ok: false, reason, retryable: true, kind: "circuit-open" };
    }
    throw error; // a fault of ours, not the peer's
  }

  return {
    async post(url, payload, read, { headers = {}, signal } = {}) {
      if (lifetime.signal.aborted) return shutDown;
      // A caller's own deadline (a request's budget) ends the call as the client's shutdown would.
      const ending = signal ? AbortSignal.any([lifetime.signal, signal]) : lifetime.signal;
      try {
        return await policies.policy.execute(async ({ signal }) => {
          const answer = await send(settings, url, payload, headers, signal);
          if (answer.status !== 200) throw statusFailure(settings.peer, answer.status, answer.body, settings.refusalDetail);
          return read(answer.body);
        }, ending);
      } catch (error) {
        const failure = failureOf(error, signal);
        // Failing fast while open is expected and already announced by the break.
        if (isBrokenCircuitError(error))
          logger?.debug?.({ peer: settings.peer, reason: failure.reason }, `${settings.peer.replace(/^the /, "")} call failed fast`);
        else
          logger?.warn(
            { peer: settings.peer, reason: failure.reason, retryable: failure.retryable },
            `${settings.peer.replace(/^the /, "")} call failed`,
          );
        return failure;
      }
    },
    get breakerState() {
      return breakerState();
    },
    dispose() {
      lifetime.abort();
      subscriptions.forEach((subscription) => subscription.dispose());
    },
  };
}
