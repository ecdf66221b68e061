import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { wrongAnswer } from "@pap/kernel/http";

export type ScreeningResult = { ok: true; expedited: boolean; explanation: Record<string, unknown> | null };
export type ProgramDecisionResult = {
  ok: true;
  program: string;
  status: "pending" | "approved" | "denied" | "ineligible";
  path: "auto" | "manual" | null;
  denialReasonCode: string | null;
  explanation: Record<string, unknown> | null;
};

// The explanation is the reference adapter's extra, not the contract's: a third-party adapter may send
// none or something else, and neither makes its decision unusable.
const explanation = z.record(z.string(), z.unknown()).nullish().catch(null);

// Not strict: an adapter may add fields of its own (SPEC §4.7 only names the required ones).
const screeningAnswer = z.object({ expedited: z.boolean(), explanation });

// `path` and `denialReasonCode` are optional in the contract; null is accepted as its JSON spelling.
const programDecisionAnswer = z.object({
  program: z.string(),
  status: z.enum(["pending", "approved", "denied", "ineligible"]),
  path: z.enum(["auto", "manual"]).nullish(),
  denialReasonCode: z.string().nullish(),
  explanation,
});

/** The answer to an expedited screening, or throws the `wrong-answer` failure. */
export function readScreening(body: string, sentMetadata: unknown): ScreeningResult {
  const answer = contentOf(body, sentMetadata, screeningAnswer, "an expedited screening result");
  return { ok: true, expedited: answer.expedited, explanation: answer.explanation ?? null };
}

/** A ProgramDecision for the program asked about (when the request named one), or throws the `wrong-answer` failure. */
export function readProgramDecision(body: string, sentMetadata: unknown, askedProgram: unknown): ProgramDecisionResult {
  const answer = contentOf(body, sentMetadata, programDecisionAnswer, "a ProgramDecision");
  if (typeof askedProgram === "string" && answer.program !== askedProgram) {
    throw wrongAnswer(`the eligibility adapter decided on ${answer.program} when asked about ${askedProgram}`);
  }
  return {
    ok: true,
    program: answer.program,
    status: answer.status,
    path: answer.path ?? null,
    denialReasonCode: answer.denialReasonCode ?? null,
    explanation: answer.explanation ?? null,
  };
}

/**
 * The metadata is checked before the shape: an answer carrying other metadata may belong to another
 * request, and what it says is then beside the point.
 */
function contentOf<S extends z.ZodType>(body: string, sentMetadata: unknown, schema: S, what: string): z.output<S> {
  const json = jsonOf(body);
  checkMetadata(json, sentMetadata);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw wrongAnswer(`the eligibility adapter's answer is not ${what}: ${issuesOf(parsed.error)}`);
  return parsed.data;
}

function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw wrongAnswer("the eligibility adapter's answer is not JSON");
  }
}

/** Deep equality ignores key order, which JSON does not promise to keep. */
function checkMetadata(json: unknown, sentMetadata: unknown): void {
  const returned =
    typeof json === "object" && json !== null && !Array.isArray(json) ? (json as { metadata?: unknown }).metadata : undefined;
  if (returned === undefined) throw wrongAnswer("the eligibility adapter did not return the metadata it was sent");
  if (!isDeepStrictEqual(returned, sentMetadata)) throw wrongAnswer("the eligibility adapter changed the metadata it was sent");
}

// A reason is read by people: the first few problems say enough.
function issuesOf(error: z.ZodError): string {
  const shown = error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message));
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join("; ")} (and ${more} more)` : shown.join("; ");
}
