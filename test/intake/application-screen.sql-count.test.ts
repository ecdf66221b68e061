// The caseworker's application screen (docs/domains/intake.md, "In the graph") as one GraphQL query: the
// application, its members with their persons and those persons' cases, incomes, verifications, the
// interview and the review task with its clock and assignee. The statements it sends do not grow with
// the number of members.
import { readFileSync } from "node:fs";
import path from "node:path";
import { useTestPlatform } from "../support/platform";
import { expectSameStatements, expectStatementCount, sqlRecorder } from "../support/sql-count";
import { created } from "../support/creators";

const recorder = sqlRecorder();
const { api, settle } = useTestPlatform("intake_sql_count", { onQuery: recorder.record });

/** The screen exactly as the intake page shows it. */
const SCREEN = readFileSync(path.join(__dirname, "../../docs/domains/intake.md"), "utf8").match(
  /```graphql\n(query ApplicationScreen[\s\S]*?)```/,
)![1]!;

/**
 * Adds `count` members, each a person with a case, an income and an electronic identity verification;
 * without an SSN the agency's answer is inconclusive, so each also gets a document verification.
 */
async function addMembers(applicationId: string, count: number, from: number): Promise<void> {
  for (let index = from; index < from + count; index++) {
    const person = await created(api, "/persons", { name: { firstName: `Member ${index}`, lastName: "Screen" } });
    await created(api, "/case-management/cases", { primaryApplicantId: person.id, effectiveStartDate: "2025-01-01" });
    const member = await created(api, `/intake/applications/${applicationId}/members`, {
      roles: [index === 0 ? "primary_applicant" : "household_member"],
      personId: person.id,
      contact: { name: { firstName: `Member ${index}`, lastName: "Screen" } },
    });
    await created(api, `/intake/applications/${applicationId}/incomes`, {
      memberId: member.id,
      type: "employed",
      amount: 100 + index,
      frequency: "monthly",
    });
    await created(api, `/intake/applications/${applicationId}/verifications`, {
      category: "identity",
      sourceType: "member",
      sourceId: member.id,
      verificationType: "electronic",
    });
  }
}

it("reads the whole screen in a few statements, the same for 30 members as for 3", async () => {
  const application = await created(api, "/intake/applications", { programs: ["snap"] });
  await created(api, "/workflow/tasks", {
    name: "Application review",
    taskType: "application_review",
    subjectType: "application",
    subjectId: application.id,
    programType: "snap",
    slaInfo: [{ slaTypeCode: "snap_standard" }],
  });
  expect((await api.patch(`/intake/applications/${application.id}/interview`, { waiverGranted: false })).status).toBe(200);
  await addMembers(application.id, 3, 0);
  // What the reactions still do about the seeding is not the query's.
  await settle();

  const few = await recorder.statementsOf(api, SCREEN, { id: application.id });
  expect(few.result.errors).toBeUndefined();
  const screen = few.result.data.application;
  expect(screen.members).toHaveLength(3);
  expect(screen.members.every((member: any) => member.person.cases.length === 1)).toBe(true);
  expect(screen.incomes).toHaveLength(3);
  expect(screen.verifications).toHaveLength(6);
  expect(screen.tasks).toEqual([
    expect.objectContaining({ taskType: "application_review", slaInfo: [expect.objectContaining({ slaTypeCode: "snap_standard" })] }),
  ]);
  expect(screen.interview).toEqual({ id: expect.any(String), appointments: [] });
  // 13: a person's cases take two (their memberships first, so that each is read by index).
  expectStatementCount("3 members", few.sql, 13);

  await addMembers(application.id, 27, 3);
  await settle();
  const many = await recorder.statementsOf(api, SCREEN, { id: application.id });
  expect(many.result.errors).toBeUndefined();
  expect(many.result.data.application.members).toHaveLength(30);
  expect(many.result.data.application.incomes).toHaveLength(30);
  expect(many.result.data.application.verifications).toHaveLength(60);
  expectSameStatements(["3 members", "30 members"], few.sql, many.sql);
}, 120_000);
