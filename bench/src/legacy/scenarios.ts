import { authorization } from "./auth";
import type { SeededData } from "./seed";

export type HttpCall = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

/** The calls a scenario cycles through: a list of reads, or writes made afresh for each request. */
export type Calls = { readonly length: number; at(index: number): HttpCall | undefined };

export type Scenario = {
  /** Short column label. */
  id: string;
  /** What is requested, as the README would describe it. */
  title: string;
  /** Which face of the platform serves it (a different port in distributed mode). */
  face: "rest" | "graphql";
  /** The floor serves it too: measured side by side with the platform and reported as a ratio. */
  paired: boolean;
  /** It creates persons: the run checks afterwards that each one has its event, and every event its position. */
  createsPersons?: boolean;
  /** The calls to cycle through; one call that never changes would measure a single hot row. */
  calls(data: SeededData): Calls;
  /** Throws unless the response is what a correct server returns, so a fast wrong answer cannot pass. */
  check(status: number, body: unknown, call: HttpCall): void;
  /** A 2xx response that still is not the answer (GraphQL puts resolver errors in the body; a create must return the record). */
  failedBody?(body: string): boolean;
};

// Enough distinct ids that the run reads across the table rather than re-serving a handful of rows.
const rotatingIds = 2_000;

const personList = (q: string) => `/persons?q=${encodeURIComponent(q)}`;
const upcomingAppointments = "/scheduling/appointments?q=" + encodeURIComponent("status:scheduled startAt:>2026-06-01") + "&sort=-startAt";
const linkedCasesQuery = `{ cases(limit: 25, q: "status:active") { items { id members { relationship person { id attributes appointments { startAt } } } primaryApplicant { attributes } } } }`;

type ListedPerson = { id?: string; name?: { lastName?: string }; address?: { city?: string } };
type PersonPage = { items?: ListedPerson[]; total?: number; hasNext?: boolean };

/**
 * A person list cell: the page must be the first 25 (or all) of `total`, each item matching the
 * filter, newest change first; `broad` demands more than a page of matches.
 */
function personListScenario(id: string, q: string, matches: (person: ListedPerson) => boolean, expected: "selective" | "broad"): Scenario {
  return {
    id,
    title: `REST GET /persons?q=${q}`,
    face: "rest",
    paired: true,
    calls: () => [{ method: "GET" as const, path: personList(q) }],
    check(status, body) {
      expectStatus(status, body);
      const list = body as PersonPage;
      if (!list.items?.length || typeof list.total !== "number") fail(`no persons matched ${q}`);
      if (list.items.length !== Math.min(25, list.total)) fail(`expected a page of ${Math.min(25, list.total)} of ${list.total}, got ${list.items.length}`);
      if (expected === "broad" && list.total <= 25) fail(`a broad filter matched only ${list.total}`);
      if (expected === "selective" && list.total > 500) fail(`a selective filter matched ${list.total}`);
      const wrong = list.items.find((item) => !matches(item));
      if (wrong) fail(`${JSON.stringify(wrong).slice(0, 200)} does not match ${q}`);
    },
  };
}

const contains = (text: string | undefined, part: string) => !!text?.toLowerCase().includes(part.toLowerCase());

/** Persons the create cell writes: each distinct, none matching the list cells' filters. */
function newPersonCall(serial: number): HttpCall {
  const body = {
    name: { firstName: `Load${serial}`, lastName: `Loadtest${serial}` },
    dateOfBirth: `19${String(50 + (serial % 50)).padStart(2, "0")}-0${1 + (serial % 9)}-1${serial % 10}`,
    email: `load${serial}@bench.example`,
    address: { line1: `${serial} Bench St`, city: "Springfield", state: "IL", postalCode: "62701" },
    preferredLanguage: "en",
  };
  return { method: "POST", path: "/persons", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

// Shared by every run of the create cell, so no two requests of the whole benchmark send the same person.
let personsSent = 0;

export const scenarios: Scenario[] = [
  {
    id: "person-by-id",
    title: "REST GET /persons/{id}",
    face: "rest",
    paired: true,
    calls: (data) => spread(data.personIds, rotatingIds).map((id) => ({ method: "GET" as const, path: `/persons/${id}` })),
    check(status, body, call) {
      expectStatus(status, body);
      const person = body as { id?: string; name?: { lastName?: string }; createdAt?: string; updatedAt?: string };
      if (!call.path.endsWith(`/${person.id}`)) fail(`asked for ${call.path}, got id ${person.id}`);
      if (!person.name?.lastName) fail("the person has no name.lastName: attributes were not returned as seeded");
      if (!person.createdAt || !person.updatedAt) fail("the person has no createdAt/updatedAt");
    },
  },
  // About 10 matches at 10,000 persons (a weight-4 city of 108, a surname of 2.6 %), 100 at 100,000.
  personListScenario("persons-selective", "address.city:Fresno name.lastName:Garcia", (p) => contains(p.address?.city, "fresno") && contains(p.name?.lastName, "garcia"), "selective"),
  // About 1,000 matches at 10,000 persons (the most common city, about 9 %).
  personListScenario("persons-broad", "address.city:Houston", (p) => contains(p.address?.city, "houston"), "broad"),
  // About 650 matches at 10,000 persons (Smith, Smithson, Smit, Smiley…).
  personListScenario("persons-prefix", "name.lastName:smi*", (p) => !!p.name?.lastName?.toLowerCase().startsWith("smi"), "broad"),
  {
    id: "case-by-id",
    title: "REST GET /case-management/cases/{id}",
    face: "rest",
    paired: false,
    calls: (data) => spread(data.caseIds, rotatingIds).map((id) => ({ method: "GET" as const, path: `/case-management/cases/${id}` })),
    check(status, body, call) {
      expectStatus(status, body);
      const found = body as { id?: string; primaryApplicantId?: string; members?: { personId: string }[] };
      if (!call.path.endsWith(`/${found.id}`)) fail(`asked for ${call.path}, got id ${found.id}`);
      if (!found.members?.length) fail("the case has no members");
      if (!found.members.some((member) => member.personId === found.primaryApplicantId)) fail("the primary applicant is not among the members");
    },
  },
  {
    id: "task-by-id",
    title: "REST GET /workflow/tasks/{id}",
    face: "rest",
    paired: false,
    calls: (data) => spread(data.taskIds, rotatingIds).map((id) => ({ method: "GET" as const, path: `/workflow/tasks/${id}` })),
    check(status, body, call) {
      expectStatus(status, body);
      const task = body as { id?: string; status?: string; queueId?: string };
      if (!call.path.endsWith(`/${task.id}`)) fail(`asked for ${call.path}, got id ${task.id}`);
      if (task.status !== "pending" || !task.queueId) fail(`the task is not as seeded: ${JSON.stringify(body).slice(0, 300)}`);
    },
  },
  {
    id: "appointments-q",
    title: "REST GET /scheduling/appointments?q=status:scheduled startAt:>2026-06-01&sort=-startAt",
    face: "rest",
    paired: false,
    calls: () => [{ method: "GET" as const, path: upcomingAppointments }],
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
    paired: false,
    calls: () => [{ method: "POST" as const, path: "/graphql", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: linkedCasesQuery }) }],
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
  // Last: its new persons then change no read cell's table at this size.
  {
    id: "person-create",
    title: "REST POST /persons (each body a new person; the person and its event in one transaction)",
    face: "rest",
    paired: true,
    createsPersons: true,
    calls: () => ({ length: Number.POSITIVE_INFINITY, at: () => newPersonCall(personsSent++) }),
    check(status, body, call) {
      if (status !== 201) fail(`status ${status}: ${JSON.stringify(body).slice(0, 500)}`);
      const person = body as { id?: string; name?: { lastName?: string } };
      const sent = JSON.parse(call.body!) as { name: { lastName: string } };
      if (!person.id || person.name?.lastName !== sent.name.lastName) fail(`the answer is not the person sent: ${JSON.stringify(body).slice(0, 300)}`);
    },
    failedBody: (body) => !body.includes('"id":"'),
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
export async function sanityCheck(base: string, scenario: Scenario, call: HttpCall): Promise<unknown> {
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
  return body;
}
