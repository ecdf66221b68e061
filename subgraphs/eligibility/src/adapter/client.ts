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
import { isCallError, networkFailure, statusFailure, timedOut, type AdapterFailure } from "./failures";
import { readProgramDecision, readScreening, type ProgramDecisionResult, type ScreeningResult } from "./responses";

export type { AdapterFailure } from "./failures";
export type { ProgramDecisionResult, ScreeningResult } from "./responses";

export type AdapterRoute = "/evaluate/expedited-screening" | "/evaluate/determination" | "/evaluate/medicaid-ex-parte";

/**
 * The platform's side of the eligibility adapter contract (SPEC §4.7). A call never throws for adapter
 * trouble: it answers an `AdapterFailure` whose `retryable` says whether a later attempt (a timer) may
 * succeed. Within a call, timeouts, dropped or refused connections, 5xx, 408 and 429 are retried; a 4xx
 * fails at once and is not retryable; a 200 that is not JSON, lacks or alters the metadata, or is not
 * the contract's shape fails at once but is retryable. Every failed call except a 4xx counts towards
 * the circuit breaker.
 */
export interface EligibilityAdapterClient {
  screenExpedited(body: Record<string, unknown>, metadata: Record<string, unknown>): Promise<ScreeningResult | AdapterFailure>;
  evaluateDetermination(body: Record<string, unknown>, metadata: Record<string, unknown>): Promise<ProgramDecisionResult | AdapterFailure>;
  evaluateMedicaidExParte(body: Record<string, unknown>, metadata: Record<string, unknown>): Promise<ProgramDecisionResult | AdapterFailure>;
  /**
   * "closed" | "open" | "half-open", for logs and metrics. "half-open" as soon as the next call would
   * be the trial call, not only while it runs: the breaker itself moves only when a call arrives.
   */
  readonly breakerState: string;
  /** Aborts calls in flight; later calls fail without touching the network. */
  dispose(): void;
}

export type AdapterClientOptions = {
  baseUrl: string;
  /** Per attempt. Default 5000. */
  timeoutMs?: number;
  /** Attempts per call including the first. Default 3. */
  attempts?: number;
  /** Exponential backoff with jitter between attempts. Default 200 → 2000 ms. */
  backoff?: { initialMs: number; maxMs: number };
  /** Consecutive failed calls that open the breaker, and how long it stays open before one trial call. Default 5 and 30000. */
  breaker?: { consecutiveFailures: number; halfOpenAfterMs: number };
  logger?: { warn(obj: object, msg: string): void; debug?(obj: object, msg: string): void };
};

type Settings = Required<Omit<AdapterClientOptions, "logger">>;
type Logger = NonNullable<AdapterClientOptions["logger"]>;

function settingsOf(options: AdapterClientOptions): Settings {
  const settings: Settings = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    timeoutMs: options.timeoutMs ?? 5000,
    attempts: options.attempts ?? 3,
    backoff: options.backoff ?? { initialMs: 200, maxMs: 2000 },
    breaker: options.breaker ?? { consecutiveFailures: 5, halfOpenAfterMs: 30_000 },
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
const isRetriedInCall = (error: Error) => isTaskCancelledError(error) || (isCallError(error) && error.kind === "transient");
const countsAgainstAdapter = (error: Error) => isTaskCancelledError(error) || (isCallError(error) && error.kind !== "refused");

function policiesOf(settings: Settings) {
  const breaker = circuitBreaker(handleWhen(countsAgainstAdapter), {
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

// Retryable: the platform is stopping, and a timer of the next process may call again.
const shutDown: AdapterFailure = { ok: false, reason: "the eligibility adapter client was shut down", retryable: true };

type Answer = { status: number; body: string };
type Reader<R> = (answer: string, sentMetadata: unknown) => R;

/** The body is read within the attempt: cockatiel aborts the attempt's signal as soon as it returns. */
async function post(url: string, payload: string, signal: AbortSignal, timeoutMs: number): Promise<Answer> {
  try {
    // `manual`: following a redirect would turn the POST into a GET on 301/302.
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: payload, signal, redirect: "manual" });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    throw signal.aborted ? timedOut(timeoutMs) : networkFailure(error);
  }
}

function logTransitions(policies: ReturnType<typeof policiesOf>, settings: Settings, logger: Logger | undefined): IDisposable[] {
  if (!logger) return [];
  const { consecutiveFailures, halfOpenAfterMs } = settings.breaker;
  return [
    policies.retries.onRetry((event) => {
      const reason = "error" in event ? event.error.message : "unexpected answer";
      logger.debug?.({ attempt: event.attempt, delayMs: Math.round(event.delay), reason }, "retrying the eligibility adapter");
    }),
    policies.breaker.onBreak(() => logger.warn({ consecutiveFailures, halfOpenAfterMs }, "eligibility adapter circuit opened: calls fail fast")),
    policies.breaker.onHalfOpen(() => logger.debug?.({}, "eligibility adapter circuit half-open: trial call")),
    policies.breaker.onReset(() => logger.warn({}, "eligibility adapter circuit closed again")),
  ];
}

export function eligibilityAdapterClient(options: AdapterClientOptions): EligibilityAdapterClient {
  const settings = settingsOf(options);
  const { logger } = options;
  const policies = policiesOf(settings);
  const lifetime = new AbortController();
  let openedAt = 0;
  const subscriptions = [policies.breaker.onBreak(() => (openedAt = Date.now())), ...logTransitions(policies, settings, logger)];

  // Recorded just after cockatiel's own timestamp, so "half-open" never shows before the breaker would let a trial through.
  function breakerState(): string {
    const state = policies.breaker.state;
    if (state === CircuitState.Closed) return "closed";
    if (state === CircuitState.HalfOpen) return "half-open";
    return state === CircuitState.Open && Date.now() - openedAt >= settings.breaker.halfOpenAfterMs ? "half-open" : "open";
  }

  function failureOf(error: unknown): AdapterFailure {
    if (lifetime.signal.aborted) return shutDown;
    if (isCallError(error)) return error.failure;
    if (isTaskCancelledError(error)) return timedOut(settings.timeoutMs).failure;
    if (isBrokenCircuitError(error)) {
      const reason = `the eligibility adapter is unavailable (circuit open after ${settings.breaker.consecutiveFailures} failed calls)`;
      return { ok: false, reason, retryable: true };
    }
    throw error; // a fault of ours, not the adapter's
  }

  async function call<R>(route: AdapterRoute, body: Record<string, unknown>, metadata: Record<string, unknown>, read: Reader<R>): Promise<R | AdapterFailure> {
    if (lifetime.signal.aborted) return shutDown;
    const payload = JSON.stringify({ ...body, metadata });
    // Compared with the metadata as the adapter received it: JSON drops `undefined` and turns dates into strings.
    const sentMetadata = (JSON.parse(payload) as { metadata: unknown }).metadata;
    try {
      return await policies.policy.execute(async ({ signal }) => {
        const answer = await post(`${settings.baseUrl}${route}`, payload, signal, settings.timeoutMs);
        if (answer.status !== 200) throw statusFailure(answer.status, answer.body);
        return read(answer.body, sentMetadata);
      }, lifetime.signal);
    } catch (error) {
      const failure = failureOf(error);
      // Failing fast while open is expected and already announced by the break.
      if (isBrokenCircuitError(error)) logger?.debug?.({ route, reason: failure.reason }, "eligibility adapter call failed fast");
      else logger?.warn({ route, reason: failure.reason, retryable: failure.retryable }, "eligibility adapter call failed");
      return failure;
    }
  }

  return {
    screenExpedited: (body, metadata) => call("/evaluate/expedited-screening", body, metadata, readScreening),
    evaluateDetermination: (body, metadata) => call("/evaluate/determination", body, metadata, (answer, sent) => readProgramDecision(answer, sent, body.program)),
    evaluateMedicaidExParte: (body, metadata) => call("/evaluate/medicaid-ex-parte", body, metadata, (answer, sent) => readProgramDecision(answer, sent, body.program)),
    get breakerState() {
      return breakerState();
    },
    dispose() {
      lifetime.abort();
      subscriptions.forEach((subscription) => subscription.dispose());
    },
  };
}
