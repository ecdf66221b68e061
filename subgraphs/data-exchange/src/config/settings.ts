import { catalogFromEnv, type CatalogEntry } from "./catalog";

/** How calls are made: the catalog, and the policies of the adapters and the outbox. */
export type DataExchangeSettings = {
  catalog: readonly CatalogEntry[];
  /** Attempts within one call (transient failures retried with jittered backoff). */
  attemptsPerCall: number;
  /** Calls an asynchronous call may take (each of `attemptsPerCall` attempts) before it fails for good. */
  outboxAttempts: number;
  /** Wait before the outbox calls again: doubling from `retryBaseMs` to `retryMaxMs`, jittered. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Per service: consecutive failed calls that open its breaker, and how long it stays open. */
  breaker: { consecutiveFailures: number; halfOpenAfterMs: number };
  /** Calls one process has in flight at once. */
  concurrency: number;
};

const names = [
  "DATA_EXCHANGE_ATTEMPTS_PER_CALL",
  "DATA_EXCHANGE_OUTBOX_ATTEMPTS",
  "DATA_EXCHANGE_RETRY_BASE_MS",
  "DATA_EXCHANGE_RETRY_MAX_MS",
  "DATA_EXCHANGE_BREAKER_FAILURES",
  "DATA_EXCHANGE_BREAKER_OPEN_MS",
  "DATA_EXCHANGE_CONCURRENCY",
] as const;

function whole(env: NodeJS.ProcessEnv, name: (typeof names)[number], fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not '${raw}'.`);
  return value;
}

/** The settings from the environment (see the README's data-exchange settings); the catalog's own in `catalog.ts`. */
export function dataExchangeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DataExchangeSettings {
  return {
    catalog: catalogFromEnv(env),
    attemptsPerCall: whole(env, "DATA_EXCHANGE_ATTEMPTS_PER_CALL", 3),
    outboxAttempts: whole(env, "DATA_EXCHANGE_OUTBOX_ATTEMPTS", 5),
    retryBaseMs: whole(env, "DATA_EXCHANGE_RETRY_BASE_MS", 5_000),
    retryMaxMs: whole(env, "DATA_EXCHANGE_RETRY_MAX_MS", 300_000),
    breaker: { consecutiveFailures: whole(env, "DATA_EXCHANGE_BREAKER_FAILURES", 5), halfOpenAfterMs: whole(env, "DATA_EXCHANGE_BREAKER_OPEN_MS", 30_000) },
    concurrency: whole(env, "DATA_EXCHANGE_CONCURRENCY", 32),
  };
}

/** How long a worker holds a call it is making: every attempt timed out, the backoffs between, and a margin. */
export function leaseMs(entry: CatalogEntry, settings: DataExchangeSettings): number {
  return entry.endpoint.timeoutMs * settings.attemptsPerCall + 2_000 * (settings.attemptsPerCall - 1) + 5_000;
}
