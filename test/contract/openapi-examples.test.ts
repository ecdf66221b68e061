/**
 * The examples of /openapi.json are answers of the platform itself. This test drives a running
 * platform through an applicant's application (create, add a member, sign, submit), then reads every
 * list and, through it, one record of each, recording each operation's request and answer; ids and
 * instants are replaced by stable stand-ins (the first id seen is …0001, and so on), so the file only
 * changes when an answer does. It fails when rest-compat/openapi-examples.json differs from what the
 * platform answers now: rerun with UPDATE_GOLDEN=true to write it (and then the golden document).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { examplesPath, type OperationExample } from "@pap/rest-compat";
import { applicantAccount } from "../support/auth";
import { canonicalJson } from "../support/canonical";
import { useTestPlatform } from "../support/platform";

const { api, settle } = useTestPlatform("openapi_examples");
const updating = process.env.UPDATE_GOLDEN === "true";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A W3C trace context (`traceparent`) or its bare trace id, new with every request. */
const TRACE = /^(00-)?[0-9a-f]{32}(-[0-9a-f]{16}-0[01])?$/;

/**
 * Replaces ids (values and keys) by stand-ins numbered in the order first seen, and every instant,
 * trace and today's date (a screening's evaluation date) by a fixed one.
 */
function stableIds() {
  const today = new Date().toISOString().slice(0, 10);
  const seen = new Map<string, string>();
  const standIn = (id: string) => {
    const key = id.toLowerCase();
    if (!seen.has(key)) seen.set(key, `00000000-0000-4000-8000-${String(seen.size + 1).padStart(12, "0")}`);
    return seen.get(key)!;
  };
  const stable = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (INSTANT.test(value)) return "2026-01-15T12:00:00.000Z";
      if (value === today) return "2026-01-15";
      if (TRACE.test(value))
        return value.replace(/[0-9a-f]{32}/, "4bf92f3577b34da6a3ce929d0e0e4736").replace(/-[0-9a-f]{16}-/, "-00f067aa0ba902b7-");
      return value.replace(UUID, standIn);
    }
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replace(UUID, standIn), stable(item)]));
    return value;
  };
  return stable;
}

type Operations = Record<string, Record<string, { operationId: string; parameters?: { name: string }[] }>>;

it("holds, in rest-compat/openapi-examples.json, what the platform answers each operation it walks", async () => {
  const { paths } = (await api.get("/openapi.json")).body as { paths: Operations };
  const operationOf = (method: string, template: string) => paths[template]?.[method.toLowerCase()];
  const stable = stableIds();
  const examples: Record<string, OperationExample> = {};
  /** One request, recorded as its operation's example (the first answer of the operation wins). */
  const record = async (
    method: string,
    template: string,
    values: Record<string, string>,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
    const operation = operationOf(method, template);
    if (!operation) throw new Error(`${method} ${template} is not in /openapi.json`);
    // Lists are asked for one record a page: an example, not a dump.
    const paged = operation.parameters?.some((parameter) => parameter.name === "limit");
    const answer = await api.raw(method, paged ? `${path}?limit=1` : path, body, headers);
    const { operationId } = operation;
    // Only successes are shown as examples; an operation the walk cannot reach successfully keeps none.
    if (answer.status < 300)
      examples[operationId] ??= {
        ...(body !== undefined && { request: stable(body) }),
        status: answer.status,
        ...(answer.body !== undefined && { response: stable(answer.body) }),
      };
    return answer;
  };

  // An applicant's application, from creation to submission.
  const applicant = (await applicantAccount(api)).headers;
  const created = await record("POST", "/intake/applications", {}, { programs: ["snap"], channel: "online" }, applicant);
  expect(created.status).toBe(201);
  const ids = { applicationId: created.body.id as string };
  const member = await record(
    "POST",
    "/intake/applications/{applicationId}/members",
    ids,
    {
      roles: ["primary_applicant"],
      programsAppliedFor: ["snap"],
      contact: {
        name: { firstName: "Rosa", lastName: "Walker" },
        primaryAddress: { addressLine1: "9 Elm St", city: "Springfield", state: "IL", zip: "62701" },
      },
      personalInformation: { dateOfBirth: "1985-02-03" },
    },
    applicant,
  );
  expect(member.status).toBe(201);
  const signature = { type: "member", id: member.body.id, role: "applicant" };
  const signed = await record(
    "POST",
    "/intake/applications/{applicationId}/signatures",
    ids,
    { signer: signature, purpose: "application", signedAt: "2026-01-15T12:00:00Z", signatureMethod: "electronic" },
    applicant,
  );
  expect(signed.status).toBe(201);
  expect((await record("POST", "/intake/applications/{applicationId}/submit", ids, undefined, applicant)).status).toBe(200);
  await settle();

  // Every list with no path parameter, as an administrator, one record a page; then that record by its id.
  for (const template of Object.keys(paths).sort()) {
    if (template.includes("{") || !paths[template]!.get || template.endsWith("/stream")) continue;
    const page = await record("GET", template, {});
    const first = Array.isArray(page.body?.items) ? page.body.items[0] : undefined;
    const byId = Object.keys(paths).find((other) => new RegExp(`^${template}/\\{\\w+\\}$`).test(other) && paths[other]!.get);
    if (first?.id && byId) await record("GET", byId, { [/\{(\w+)\}$/.exec(byId)![1]!]: first.id });
  }

  const actual = `${JSON.stringify(canonicalJson(examples), null, 2)}\n`;
  if (updating || !existsSync(examplesPath)) writeFileSync(examplesPath, actual);
  expect(actual).toBe(readFileSync(examplesPath, "utf8"));
});
