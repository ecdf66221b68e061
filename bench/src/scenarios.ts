import { authorization } from "./auth";
import type { SeededData } from "./seed";

export type HttpCall = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export type Scenario = {
  /** Short column label. */
  id: string;
  /** What is requested, as the README would describe it. */
  title: string;
  /** Which face of the platform serves it (a different port in distributed mode). */
  face: "rest" | "graphql";
  /** The calls to cycle through; one call that never changes would measure a single hot row. */
  calls(data: SeededData): HttpCall[];
  /** Throws unless the response is what a correct server returns, so a fast wrong answer cannot pass. */
  check(status: number, body: unknown, call: HttpCall): void;
  /** A 200 response that still reports a failure (GraphQL puts resolver errors in the body). */
  failedBody?(body: string): boolean;
};

// Enough distinct ids that the run reads across the table rather than re-serving a handful of rows.
const rotatingIds = 2_000;

const personsByLastName = "/persons?q=" + encodeURIComponent("name.lastName:smi*") + "&limit=25";
const upcomingAppointments = "/scheduling/appointments?q=" + encodeURIComponent("status:scheduled startAt:>2026-06-01") + "&sort=-startAt";
const linkedCasesQuery = `{ cases(limit: 25, q: "status:active") { items { id members { relationship person { id attributes appointments { startAt } } } primaryApplicant { attributes } } } }`;

export const scenarios: Scenario[] = [
  {
    id: "person-by-id",
    title: "REST GET /persons/{id}",
    face: "rest",
    calls: (data) => spread(data.personIds, rotatingIds).map((id) => ({ method: "GET", path: `/persons/${id}` })),
    check(status, body, call) {
      expectStatus(status, body);
      const person = body as { id?: string; name?: { lastName?: string } };
      if (!call.path.endsWith(`/${person.id}`)) fail(`asked for ${call.path}, got id ${person.id}`);
      if (!person.name?.lastName) fail("the person has no name.lastName: attributes were not returned as seeded");
    },
  },
  {
    id: "case-by-id",
    title: "REST GET /case-management/cases/{id}",
    face: "rest",
    calls: (data) => spread(data.caseIds, rotatingIds).map((id) => ({ method: "GET", path: `/case-management/cases/${id}` })),
    check(status, body, call) {
      expectStatus(status, body);
      const found = body as { id?: string; primaryApplicantId?: string; members?: { personId: string }[] };
      if (!call.path.endsWith(`/${found.id}`)) fail(`asked for ${call.path}, got id ${found.id}`);
      if (!found.members?.length) fail("the case has no members");
      if (!found.members.some((member) => member.personId === found.primaryApplicantId)) fail("the primary applicant is not among the members");
    },
  },
  {
    id: "persons-q",
    title: "REST GET /persons?q=name.lastName:smi*&limit=25",
    face: "rest",
    calls: () => [{ method: "GET", path: personsByLastName }],
    check(status, body) {
      expectStatus(status, body);
      const list = body as { items?: { name?: { lastName?: string } }[]; total?: number };
      if (!list.items?.length) fail("no persons matched name.lastName:smi*");
      if (list.items.length !== 25) fail(`expected a full page of 25, got ${list.items.length}`);
      const wrong = list.items.find((item) => !item.name?.lastName?.toLowerCase().startsWith("smi"));
      if (wrong) fail(`'${wrong.name?.lastName}' does not match smi*`);
    },
  },
  {
    id: "appointments-q",
    title: "REST GET /scheduling/appointments?q=status:scheduled startAt:>2026-06-01&sort=-startAt",
    face: "rest",
    calls: () => [{ method: "GET", path: upcomingAppointments }],
    check(status, body) {
      expectStatus(status, body);
      const list = body as { items?: { status: string; startAt: string }[] };
      if (!list.items?.length) fail("no scheduled appointments after 2026-06-01");
      list.items.forEach((item, index) => {
        if (item.status !== "scheduled" || item.startAt <= "2026-06-01") fail(`item ${index} (${item.status}, ${item.startAt}) does not match the filter`);
        if (index > 0 && item.startAt > list.items![index - 1]!.startAt) fail("items are not sorted by -startAt");
      });
    },
  },
  {
    id: "graphql-linked",
    title: "GraphQL cases → members → person → appointments, primaryApplicant",
    face: "graphql",
    calls: () => [{ method: "POST", path: "/graphql", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: linkedCasesQuery }) }],
    check(status, body) {
      expectStatus(status, body);
      const result = body as {
        errors?: unknown[];
        data?: { cases?: { items?: { members: { person: { attributes: unknown; appointments: unknown[] } | null }[]; primaryApplicant: { attributes: unknown } | null }[] } };
      };
      if (result.errors?.length) fail(`GraphQL errors: ${JSON.stringify(result.errors).slice(0, 500)}`);
      const items = result.data?.cases?.items;
      if (!items?.length) fail("no active cases returned");
      if (items.length !== 25) fail(`expected 25 cases, got ${items.length}`);
      for (const item of items) {
        if (!item.primaryApplicant?.attributes) fail("a case has no primaryApplicant attributes (entity resolution across subgraphs failed)");
        if (!item.members.length || item.members.some((member) => !member.person?.attributes || !Array.isArray(member.person.appointments))) {
          fail("a member's person or appointments did not resolve");
        }
      }
      if (!items.some((item) => item.members.some((member) => member.person!.appointments.length > 0))) fail("no member has any appointment: the scheduling subgraph was not reached");
    },
    // Cheap enough per response: errors appear as a top-level key, and the seeded data never contains the word.
    failedBody: (body) => body.includes('"errors":'),
  },
];

/** Evenly spaced picks so the ids cover the whole table rather than its first rows. */
function spread<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, index) => index % step === 0).slice(0, count);
}

function expectStatus(status: number, body: unknown) {
  if (status !== 200) fail(`status ${status}: ${JSON.stringify(body).slice(0, 500)}`);
}

function fail(message: string): never {
  throw new Error(message);
}

/** Fetches one call the way the load will, returning the parsed body for the scenario's check. */
export async function sanityCheck(base: string, scenario: Scenario, call: HttpCall): Promise<void> {
  const response = await fetch(base + call.path, { method: call.method, headers: { ...call.headers, ...authorization }, body: call.body, signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${scenario.id}: ${call.method} ${call.path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  try {
    scenario.check(response.status, body, call);
  } catch (error) {
    throw new Error(`${scenario.id}: ${call.method} ${call.path}: ${(error as Error).message}`);
  }
}
