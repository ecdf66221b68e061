import { readSetting } from "@pap/core";
import { eligibilityAdapterClient, type AdapterFailure, type EligibilityAdapterClient } from "./client";

/** What a call answers when no adapter is configured: a failure like any other, so decisions wait and are asked again. */
export const noAdapter: AdapterFailure = {
  ok: false,
  reason: "no eligibility adapter is configured (ELIGIBILITY_ADAPTER_URL is not set)",
  retryable: true,
};

let current: { url: string; client: EligibilityAdapterClient } | undefined;

/**
 * The client of the adapter at `ELIGIBILITY_ADAPTER_URL`, read when first needed (the launcher sets it
 * once the reference adapter listens) and kept for the process, so its circuit breaker sees every call.
 * `ELIGIBILITY_ADAPTER_TIMEOUT_MS` and `ELIGIBILITY_ADAPTER_ATTEMPTS` tune each call.
 */
export function adapterClientFromEnv(env: NodeJS.ProcessEnv = process.env): EligibilityAdapterClient | null {
  const url = readSetting("ELIGIBILITY_ADAPTER_URL", env)?.replace(/\/+$/, "");
  if (!url) return null;
  if (current?.url !== url) {
    current?.client.dispose();
    current = {
      url,
      client: eligibilityAdapterClient({
        baseUrl: url,
        timeoutMs: readSetting("ELIGIBILITY_ADAPTER_TIMEOUT_MS", env),
        attempts: readSetting("ELIGIBILITY_ADAPTER_ATTEMPTS", env),
      }),
    };
  }
  return current.client;
}
