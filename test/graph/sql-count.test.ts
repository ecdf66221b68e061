// The N+1 proof: the same GraphQL query over 10 and over 100 cases (each with 2–3 members, each member a
// person with appointments and cases in other subgraphs, each case with open tasks in their queues)
// sends the same, small number of SQL statements.
import { useTestPlatform } from "../support/platform";
import { expectSameStatements, expectStatementCount, sqlRecorder } from "../support/sql-count";

const recorder = sqlRecorder();
const { api } = useTestPlatform("graph_sql_count", { onQuery: recorder.record });
const statementsOf = (query: string, variables?: Record<string, unknown>) => recorder.statementsOf(api, query, variables);

let seeded = 0;

/** Runs aliased mutations in requests of at most 100 fields (the gateway's cap on one selection set), merging their data. */
async function mutateAll(fields: string[], what: string): Promise<Record<string, any>> {
  const data: Record<string, any> = {};
  for (let start = 0; start < fields.length; start += 100) {
    const result = await api.graphql(`mutation { ${fields.slice(start, start + 100).join("\n")} }`);
    if (result.errors) throw new Error(`seeding ${what} failed: ${JSON.stringify(result.errors)}`);
    Object.assign(data, result.data);
  }
  return data;
}

/**
 * Adds `count` cases through aliased GraphQL mutations (a few requests per kind): case i has 2 or 3
 * members, all of them distinct new persons, each with one or two appointments.
 */
async function seedCases(count: number): Promise<void> {
  const personAliases: string[] = [];
  const personFields: string[] = [];
  const plan: Array<{ members: string[] }> = [];
  for (let index = 0; index < count; index++) {
    const number = seeded + index;
    const members: string[] = [];
    for (let member = 0; member < 2 + (number % 2); member++) {
      const alias = `p${number}_${member}`;
      members.push(alias);
      personAliases.push(alias);
      personFields.push(
        `${alias}: createPerson(attributes: { name: { firstName: "Person ${number}.${member}", lastName: "Family ${number}" }, householdIndex: ${member} }) { id }`,
      );
    }
    plan.push({ members });
  }
  const persons = await mutateAll(personFields, "persons");
  const idOf = (alias: string) => persons[alias].id as string;

  const caseFields = plan.map(({ members }, index) => {
    const memberList = members
      .map((alias, position) => `{ personId: "${idOf(alias)}", relationship: "${position === 0 ? "self" : "household"}" }`)
      .join(", ");
    return `c${seeded + index}: createCase(input: { primaryApplicantId: "${idOf(members[0] as string)}", effectiveStartDate: "2025-01-01", members: [${memberList}] }) { id }`;
  });
  const cases = await mutateAll(caseFields, "cases");

  // Two tasks per case, one of them in a SNAP queue with an SLA clock: the caseworker's view of a case.
  const caseIds = plan.map((_unused, index) => cases[`c${seeded + index}`].id as string);
  const taskFields = caseIds.flatMap((caseId, index) => [
    `t${seeded + index}_a: createTask(input: { name: "Review", subjectType: "case", subjectId: "${caseId}", programType: snap, slaInfo: [{ slaTypeCode: snap_standard }] }) { id }`,
    `t${seeded + index}_b: createTask(input: { name: "Interview", subjectType: "case", subjectId: "${caseId}" }) { id }`,
  ]);
  await mutateAll(taskFields, "tasks");

  const appointmentFields = personAliases.flatMap((alias, index) =>
    Array.from(
      { length: 1 + (index % 2) },
      (_unused, visit) =>
        `a_${alias}_${visit}: createAppointment(input: { personId: "${idOf(alias)}", startAt: "2026-06-0${visit + 1}T09:00:00Z", endAt: "2026-06-0${visit + 1}T09:30:00Z", appointmentType: "Interview" }) { id }`,
    ),
  );
  await mutateAll(appointmentFields, "appointments");
  seeded += count;
}

const CASES_WITH_PEOPLE = /* GraphQL */ `
  query CasesWithPeople($limit: Int!) {
    cases(limit: $limit) {
      total
      items {
        id
        members { person { id attributes appointments { id } cases { id } } }
        primaryApplicant { id attributes }
        tasks(openOnly: true) { id status priority slaDeadline slaInfo { slaTypeCode status } queue { name } assignedTo { id } subject { ... on Case { id } } }
      }
    }
  }
`;

const PERSONS_WITH_LINKS = /* GraphQL */ `
  query PersonsWithLinks($limit: Int!) {
    persons(limit: $limit, sort: "createdAt") {
      items {
        id
        attributes
        appointments { id startAt person { id } }
        cases { id members { personId person { id attributes } } }
      }
    }
  }
`;

/** Checks a CasesWithPeople result is complete, so the count is of a query that really resolved everything. */
function expectCompleteCases(result: any, count: number) {
  expect(result.errors).toBeUndefined();
  expect(result.data.cases.total).toBe(count);
  const items = result.data.cases.items as any[];
  expect(items).toHaveLength(count);
  for (const item of items) {
    expect(item.members.length === 2 || item.members.length === 3).toBe(true);
    expect(item.primaryApplicant).toEqual(
      item.members[0].person && { id: item.members[0].person.id, attributes: item.members[0].person.attributes },
    );
    expect(item.tasks.map((task: any) => [task.queue.name, task.slaInfo.length, task.subject.id]).sort()).toEqual([
      ["general-intake", 0, item.id],
      ["snap-intake", 1, item.id],
    ]);
    for (const member of item.members) {
      expect(member.person.attributes.name.lastName).toMatch(/^Family \d+$/);
      expect(member.person.appointments.length).toBeGreaterThanOrEqual(1);
      expect(member.person.cases).toEqual([{ id: item.id }]);
    }
  }
}

// Each round asks for a page its data fills: a page short of its limit is not counted (it holds the last
// match), so a round whose page falls short would send one statement fewer for a reason other than N+1.
describe("no N+1: SQL statements per GraphQL query do not grow with the data", () => {
  const counted: Record<string, { cases: string[]; persons: string[] }> = {};

  it("lists 10 cases with members → person → appointments/cases, the primary applicant and open tasks with their queues in a few statements", async () => {
    await seedCases(10);
    const cases = await statementsOf(CASES_WITH_PEOPLE, { limit: 10 });
    expectCompleteCases(cases.result, 10);
    expectStatementCount("10 cases", cases.sql, 10);

    const persons = await statementsOf(PERSONS_WITH_LINKS, { limit: 25 });
    expect(persons.result.errors).toBeUndefined();
    expect(persons.result.data.persons.items).toHaveLength(25);
    expectStatementCount("persons of 10 cases", persons.sql, 10);
    counted.ten = { cases: cases.sql, persons: persons.sql };
  });

  it("sends exactly the same statements for 100 cases as for 10", async () => {
    expect(counted.ten).toBeDefined();
    await seedCases(90);
    const cases = await statementsOf(CASES_WITH_PEOPLE, { limit: 100 });
    expectCompleteCases(cases.result, 100);
    expectStatementCount("100 cases", cases.sql, 10);
    const ten = counted.ten as { cases: string[]; persons: string[] };
    expectSameStatements(["10 cases", "100 cases"], ten.cases, cases.sql);

    const persons = await statementsOf(PERSONS_WITH_LINKS, { limit: 100 });
    expect(persons.result.errors).toBeUndefined();
    expect(persons.result.data.persons.items).toHaveLength(100);
    expectSameStatements(["persons, 10 cases", "persons, 100 cases"], ten.persons, persons.sql);
    // Seeding 90 cases with their persons, appointments and tasks is most of the time, and slow on a busy machine.
  }, 120_000);
});
