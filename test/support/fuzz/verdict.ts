import type { RawRequest, RawResponse } from "./http";

/** What is wrong with one answer (undefined: nothing). */
export type Problem = { status: number | string; code: string; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Problems every answer can have: none at all, too slow, or a server error. */
function transportProblem(response: RawResponse): Problem | undefined {
  if (response.kind === "no-answer") {
    return {
      status: response.error === "timeout" ? "hang" : "no answer",
      code: "-",
      reason: response.error === "timeout" ? `no answer within 5 s` : `connection failed: ${response.error}`,
    };
  }
  if (response.ms > 5_000) return { status: "hang", code: "-", reason: `answered after ${response.ms} ms` };
  return undefined;
}

/** The README's envelope: `{ code, message, details? }`, details `[{ field, message }]`, nothing else. */
export function envelopeProblem(body: unknown): string | undefined {
  if (!isObject(body)) return "the error body is not a JSON object";
  if (typeof body.code !== "string") return "the error body has no string `code`";
  if (typeof body.message !== "string") return "the error body has no string `message`";
  if (body.details !== undefined) {
    if (!Array.isArray(body.details)) return "`details` is not an array";
    if (!body.details.every((detail) => isObject(detail) && typeof detail.field === "string" && typeof detail.message === "string"))
      return "a `details` entry is not { field, message }";
  }
  const extra = Object.keys(body).filter((key) => !["code", "message", "details"].includes(key));
  if (extra.length) return `the error body has keys beyond code, message, details: ${extra.join(", ")}`;
  return undefined;
}

export function restProblem(response: RawResponse): Problem | undefined {
  const transport = transportProblem(response);
  if (transport || response.kind !== "answer") return transport;
  const body = parse(response.text);
  const code = isObject(body) && typeof body.code === "string" ? body.code : "-";
  if (response.status >= 500) return { status: response.status, code, reason: "server error" };
  if (response.status >= 400) {
    const problem = envelopeProblem(body);
    if (problem) return { status: response.status, code, reason: problem };
  }
  return undefined;
}

const INTERNAL_CODES = new Set(["INTERNAL_ERROR", "INTERNAL_SERVER_ERROR"]);

/**
 * /graphql may answer with the envelope or with GraphQL's `{ errors }`; either way every error needs
 * a code, none may be internal, and the status stays below 500.
 */
export function graphqlProblem(response: RawResponse): Problem | undefined {
  const transport = transportProblem(response);
  if (transport || response.kind !== "answer") return transport;
  const body = parse(response.text);
  const errors = isObject(body) && Array.isArray(body.errors) ? body.errors : undefined;
  const codes = errors
    ? errors.map((error) => (isObject(error) && isObject(error.extensions) ? error.extensions.code : undefined))
    : [isObject(body) ? body.code : undefined];
  const code = [...new Set(codes.map((c) => (typeof c === "string" ? c : "-")))].join(",");
  if (response.status >= 500) return { status: response.status, code, reason: "server error" };
  if (codes.some((c) => typeof c === "string" && INTERNAL_CODES.has(c)))
    return { status: response.status, code, reason: "an internal error reached the client" };
  if (errors) {
    if (!errors.every((error) => isObject(error) && typeof error.message === "string"))
      return { status: response.status, code, reason: "an error without a string message" };
    if (codes.some((c) => typeof c !== "string")) return { status: response.status, code, reason: "an error without extensions.code" };
    return undefined;
  }
  if (response.status >= 400) {
    const problem = envelopeProblem(body);
    if (problem) return { status: response.status, code, reason: problem };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Collecting

const truncate = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** Long runs of one character (a 1 MB string, 10,000 brackets) shown as `x×1000000`, so examples stay readable and complete. */
const abbreviate = (text: string) => text.replace(/([\s\S])\1{29,}/g, (run, char: string) => `${char}×${run.length}`);

function describeBody(body: RawRequest["body"]): string {
  if (body === undefined) return "(none)";
  if (Buffer.isBuffer(body)) return `bytes ${truncate(body.toString("hex"), 120)}`;
  return truncate(JSON.stringify(abbreviate(body)), 1_000);
}

const SLOWEST_KEPT = 12;

/** Failures grouped by (method, path template, status, code), one reproducing example each. */
export class Findings {
  private readonly groups = new Map<string, { count: number; reason: string; example: string }>();
  /** Answers per operation, by status (or "hang" / "no answer"). */
  readonly sent = new Map<string, Map<string, number>>();
  /** The slowest answers, slowest first: where a stall was, when a run goes slow. */
  private readonly slowest: { ms: number; line: string }[] = [];

  record(key: string, request: RawRequest, response: RawResponse, problem: Problem | undefined): void {
    this.noteTime(key, request, response);
    const statuses = this.sent.get(key) ?? new Map<string, number>();
    const status = response.kind === "answer" ? String(response.status) : response.error === "timeout" ? "hang" : "no answer";
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.sent.set(key, statuses);
    if (!problem) return;
    const group = `${key} → ${problem.status} ${problem.code}`;
    const existing = this.groups.get(group);
    if (existing) {
      existing.count++;
      return;
    }
    const answer = response.kind === "answer" ? truncate(response.text) : response.error;
    const headers = Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${name === "authorization" ? truncate(value, 24) : truncate(value, 80)}`)
      .join("; ");
    this.groups.set(group, {
      count: 1,
      reason: problem.reason,
      example: `${request.method} ${truncate(abbreviate(request.path), 300)}\n      headers: ${headers || "(none)"}\n      body: ${describeBody(request.body)}\n      answer: ${answer}`,
    });
  }

  private noteTime(key: string, request: RawRequest, response: RawResponse): void {
    if (this.slowest.length >= SLOWEST_KEPT && response.ms <= this.slowest.at(-1)!.ms) return;
    const outcome = response.kind === "answer" ? String(response.status) : response.error;
    this.slowest.push({
      ms: response.ms,
      line: `${response.ms} ms  ${outcome}  ${key}  (${request.method} ${truncate(abbreviate(request.path), 120)})`,
    });
    this.slowest.sort((a, b) => b.ms - a.ms);
    this.slowest.length = Math.min(this.slowest.length, SLOWEST_KEPT);
  }

  /** The slowest answers of the run, one line each. */
  slowestReport(): string {
    return this.slowest.map(({ line }) => `  ${line}`).join("\n");
  }

  get total(): number {
    return [...this.sent.keys()].reduce((sum, key) => sum + this.count(key), 0);
  }

  private count(key: string): number {
    return [...this.sent.get(key)!.values()].reduce((sum, count) => sum + count, 0);
  }

  get failureCount(): number {
    return this.groups.size;
  }

  report(): string {
    return [...this.groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, { count, reason, example }]) => `• ${group} (${count}×): ${reason}\n    e.g. ${example}`)
      .join("\n");
  }

  summary(): string {
    const lines = [...this.sent.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, statuses]) => {
        const byStatus = [...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => `${status}×${count}`);
        return `  ${String(this.count(key)).padStart(6)}  ${key}  (${byStatus.join(" ")})`;
      });
    return [...lines, `  ${String(this.total).padStart(6)}  total`].join("\n");
  }
}
