import { resilientPoster, type PostFailure, type ResilientPostOptions } from "@pap/kernel/http";
import { readProgramDecision, readScreening, type ProgramDecisionResult, type ScreeningResult } from "./responses";

export type { ProgramDecisionResult, ScreeningResult } from "./responses";

/** A call that did not produce a result. `reason` is shown to caseworkers, so it is plain language. */
export type AdapterFailure = { ok: false; reason: string; retryable: boolean };

export type AdapterRoute = "/evaluate/expedited-screening" | "/evaluate/determination" | "/evaluate/medicaid-ex-parte";

/**
 * The platform's side of the eligibility adapter contract (SPEC §4.7). A call never throws for adapter
 * trouble: it answers an `AdapterFailure` whose `retryable` says whether a later attempt (a timer) may
 * succeed. Within a call, timeouts, dropped or refused connections, 5xx, 408 and 429 are retried; a 4xx
 * fails at once and is not retryable; a 200 that is not JSON, lacks or alters the metadata, or is not
 * the contract's shape fails at once but is retryable. Every failed call except a 4xx counts towards
 * the circuit breaker (the shared `resilientPoster`).
 */
export interface EligibilityAdapterClient {
  screenExpedited(body: Record<string, unknown>, metadata: Record<string, unknown>): Promise<ScreeningResult | AdapterFailure>;
  evaluateDetermination(body: Record<string, unknown>, metadata: Record<string, unknown>): Promise<ProgramDecisionResult | AdapterFailure>;
  evaluateMedicaidExParte(
    body: Record<string, unknown>,
    metadata: Record<string, unknown>,
  ): Promise<ProgramDecisionResult | AdapterFailure>;
  /** "closed" | "open" | "half-open", for logs and metrics. */
  readonly breakerState: string;
  /** Aborts calls in flight; later calls fail without touching the network. */
  dispose(): void;
}

export type AdapterClientOptions = Omit<ResilientPostOptions, "peer"> & { baseUrl: string };

type Reader<R> = (answer: string, sentMetadata: unknown) => R;

const isFailure = (value: unknown): value is PostFailure =>
  typeof value === "object" && value !== null && (value as PostFailure).ok === false && "kind" in value;
const asAdapterFailure = ({ ok, reason, retryable }: PostFailure): AdapterFailure => ({ ok, reason, retryable });

export function eligibilityAdapterClient(options: AdapterClientOptions): EligibilityAdapterClient {
  const { baseUrl, ...policy } = options;
  const base = baseUrl.replace(/\/+$/, "");
  const poster = resilientPoster({ ...policy, peer: "the eligibility adapter" });

  async function call<R>(
    route: AdapterRoute,
    body: Record<string, unknown>,
    metadata: Record<string, unknown>,
    read: Reader<R>,
  ): Promise<R | AdapterFailure> {
    const payload = JSON.stringify({ ...body, metadata });
    // Compared with the metadata as the adapter received it: JSON drops `undefined` and turns dates into strings.
    const sentMetadata = (JSON.parse(payload) as { metadata: unknown }).metadata;
    const answer = await poster.post(`${base}${route}`, payload, (text) => read(text, sentMetadata));
    return isFailure(answer) ? asAdapterFailure(answer) : answer;
  }

  return {
    screenExpedited: (body, metadata) => call("/evaluate/expedited-screening", body, metadata, readScreening),
    evaluateDetermination: (body, metadata) =>
      call("/evaluate/determination", body, metadata, (answer, sent) => readProgramDecision(answer, sent, body.program)),
    evaluateMedicaidExParte: (body, metadata) =>
      call("/evaluate/medicaid-ex-parte", body, metadata, (answer, sent) => readProgramDecision(answer, sent, body.program)),
    get breakerState() {
      return poster.breakerState;
    },
    dispose: () => poster.dispose(),
  };
}
