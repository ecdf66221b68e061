import type { SensitiveSubject } from "@pap/kernel/domain";
import { resilientPoster, wrongAnswer, type PostFailure, type ResilientPostOptions } from "@pap/kernel/http";
import type { CatalogEntry } from "../config/catalog";
import { callResults, type CallResult, type ServiceType } from "../domain/vocabulary";
import { factsFor } from "./needs";

/** What the platform asks an agency: about one subject, for one call (whose id keys the agency's idempotency). */
export type AgencyRequest = { callId: string; subject: SensitiveSubject; context: Record<string, unknown> | null; signal?: AbortSignal };

export type AgencyAnswer = { ok: true; result: CallResult; serviceResult: Record<string, unknown> };

/**
 * One catalog entry's agency behind the interface every service type shares: a call answers the
 * agency's result, or a `PostFailure` saying why not (the outbox and the sync path decide what follows).
 */
export interface AgencyAdapter {
  readonly serviceType: ServiceType;
  call(request: AgencyRequest): Promise<AgencyAnswer | PostFailure>;
  readonly breakerState: string;
  dispose(): void;
}

export type AgencyPolicy = Pick<ResilientPostOptions, "attempts" | "backoff" | "breaker" | "logger">;

/** Reads the agency's answer: the request it answers, a result of the contract's, and an object of detail. */
function readAnswer(body: string, callId: string, agency: string): AgencyAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw wrongAnswer(`${agency}'s answer is not JSON`);
  }
  const { requestId, result, serviceResult } = (parsed ?? {}) as { requestId?: unknown; result?: unknown; serviceResult?: unknown };
  if (requestId !== callId) throw wrongAnswer(`${agency} answered another request than the one it was sent`);
  if (!callResults.includes(result as CallResult)) throw wrongAnswer(`${agency}'s result is not one of ${callResults.join(", ")}`);
  if (typeof serviceResult !== "object" || serviceResult === null || Array.isArray(serviceResult))
    throw wrongAnswer(`${agency}'s serviceResult is not an object`);
  return { ok: true, result: result as CallResult, serviceResult: serviceResult as Record<string, unknown> };
}

/**
 * The agency of one catalog entry over HTTP: a JSON POST to its endpoint with the call's id as the
 * `Idempotency-Key` (a retried or repeated call is the same request to the agency), the credential its
 * configuration names, and only the facts its type needs. Each entry has its own circuit breaker.
 */
export function httpAgencyAdapter(entry: CatalogEntry, policy: AgencyPolicy): AgencyAdapter {
  const agency = `the agency (${entry.serviceType})`;
  // An agency refusing a request may quote the subject it was sent back: only its status and code are kept.
  const poster = resilientPoster({ ...policy, peer: agency, timeoutMs: entry.endpoint.timeoutMs, refusalDetail: "code" });
  const credentialHeader = entry.endpoint.credentialHeader ?? "authorization";
  return {
    serviceType: entry.serviceType,
    call({ callId, subject, context, signal }) {
      const headers: Record<string, string> = { "idempotency-key": callId };
      const secret = entry.endpoint.credentialEnvVar ? process.env[entry.endpoint.credentialEnvVar] : undefined;
      if (secret)
        headers[credentialHeader.toLowerCase()] = credentialHeader.toLowerCase() === "authorization" ? `Bearer ${secret}` : secret;
      const payload = JSON.stringify({
        requestId: callId,
        serviceType: entry.serviceType,
        subject: factsFor(entry.serviceType, subject),
        context: context ?? {},
      });
      return poster.post(entry.endpoint.url, payload, (body) => readAnswer(body, callId, agency), { headers, signal });
    },
    get breakerState() {
      return poster.breakerState;
    },
    dispose: () => poster.dispose(),
  };
}
