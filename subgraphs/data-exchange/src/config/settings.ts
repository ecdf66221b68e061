import { readSetting } from "@pap/core";
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

/** The settings from the environment, read through their declarations (the README's data-exchange settings); the catalog's own in `catalog.ts`. */
export function dataExchangeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DataExchangeSettings {
  return {
    catalog: catalogFromEnv(env),
    attemptsPerCall: readSetting("DATA_EXCHANGE_ATTEMPTS_PER_CALL", env),
    outboxAttempts: readSetting("DATA_EXCHANGE_OUTBOX_ATTEMPTS", env),
    retryBaseMs: readSetting("DATA_EXCHANGE_RETRY_BASE_MS", env),
    retryMaxMs: readSetting("DATA_EXCHANGE_RETRY_MAX_MS", env),
    breaker: {
      consecutiveFailures: readSetting("DATA_EXCHANGE_BREAKER_FAILURES", env),
      halfOpenAfterMs: readSetting("DATA_EXCHANGE_BREAKER_OPEN_MS", env),
    },
    concurrency: readSetting("DATA_EXCHANGE_CONCURRENCY", env),
  };
}

/** How long a worker holds a call it is making: every attempt timed out, the backoffs between, and a margin. */
export function leaseMs(entry: CatalogEntry, settings: DataExchangeSettings): number {
  return entry.endpoint.timeoutMs * settings.attemptsPerCall + 2_000 * (settings.attemptsPerCall - 1) + 5_000;
}
