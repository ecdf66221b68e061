import type { SeededData } from "../seed";

/** One GraphQL request body the load sends; the by-id query rotates its variables across many rows. */
export type GraphqlCall = { query: string; variables?: Record<string, unknown> };

export type GatewayScenario = {
  id: string;
  title: string;
  calls(data: SeededData): GraphqlCall[];
  /** Throws unless the answer is what a correct gateway returns, so a fast wrong answer cannot pass. */
  check(data: unknown): void;
};

// What a caseworker's screen asks for: a page of cases, each with its tasks, its primary applicant,
// and every member's person with their appointments and open tasks (Person.tasks @requires the
// person's cases and appointments, so planners must fetch those before asking workflow).
const caseload = `query Caseload {
  cases(limit: 25, q: "status:active") {
    items {
      id
      status
      tasks { id name status priority }
      primaryApplicant { id attributes }
      members {
        relationship
        person {
          id
          attributes
          appointments { id startAt status }
          tasks(openOnly: true) { id name status }
        }
      }
    }
  }
}`;

const personById = `query Person($id: ID!) { person(id: $id) { id attributes createdAt updatedAt } }`;

// Enough distinct ids that the by-id load reads across the table rather than re-serving a few rows.
const rotatingIds = 2_000;

type Caseload = {
  cases?: { items?: { tasks: unknown[]; primaryApplicant: { attributes?: unknown } | null; members: { person: { attributes?: unknown; appointments?: unknown[]; tasks?: unknown[] } | null }[] }[] };
};

export const gatewayScenarios: GatewayScenario[] = [
  {
    id: "caseload",
    title: "GraphQL 25 active cases → tasks, primary applicant, members → person → appointments, open tasks (persons, case management, scheduling, workflow)",
    calls: () => [{ query: caseload }],
    check(data) {
      const items = (data as Caseload).cases?.items;
      if (items?.length !== 25) fail(`expected 25 cases, got ${items?.length}`);
      for (const item of items) {
        if (!item.primaryApplicant?.attributes) fail("a case has no primary applicant: entity resolution across subgraphs failed");
        if (!item.members.length || item.members.some((member) => !member.person?.attributes || !Array.isArray(member.person.appointments) || !Array.isArray(member.person.tasks))) {
          fail("a member's person, appointments or tasks did not resolve");
        }
      }
      if (!items.some((item) => item.tasks.length)) fail("no case has a task: the workflow subgraph was not reached");
      if (!items.some((item) => item.members.some((member) => member.person!.tasks!.length))) fail("no member has an open task: Person.tasks (@requires) returned nothing");
    },
  },
  {
    id: "person-by-id",
    title: "GraphQL person(id) with its attributes (one subgraph), rotating over 2,000 persons",
    calls: (data) => spread(data.personIds, rotatingIds).map((id) => ({ query: personById, variables: { id } })),
    check(data) {
      const person = (data as { person?: { id?: string; attributes?: unknown } }).person;
      if (!person?.id || !person.attributes) fail("person(id) returned no person");
    },
  },
];

function spread<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, index) => index % step === 0).slice(0, count);
}

function fail(message: string): never {
  throw new Error(message);
}
