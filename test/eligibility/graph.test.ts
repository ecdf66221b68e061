// Eligibility in the graph against PostgreSQL: the links to intake's records (Application.determination,
// ApplicationMember.decisions, Decision.member) walked from a list of applications in statements that
// do not grow with the number of applications, and determinationChanged delivering one determination's
// changes: its own events, its application's and its decisions'.
import type { Client } from "graphql-ws/client";
import { bearer } from "../support/auth";
import { determinationFixture } from "../support/eligibility-fixtures";
import { type Json, listPath } from "../support/expectations";
import { subscribeRegistered } from "../support/live";
import { useTestPlatform } from "../support/platform";
import { expectSameStatements, sqlRecorder } from "../support/sql-count";
import { waitFor } from "../support/waiting";

const recorder = sqlRecorder();
const { api, url, platform, settle } = useTestPlatform("eligibility_graph", { onQuery: recorder.record });
const clients: Client[] = [];
afterAll(async () => Promise.all(clients.map((client) => client.dispose())));

/** Submits `count` medicaid applications of two members each and waits for their determinations. */
async function submitted(count: number): Promise<string[]> {
  const worker = await bearer(["case_worker"], { sub: "eligibility|worker" });
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const application = await api.post("/intake/applications", { programs: ["medicaid", "chip"] });
    await api.post(`/intake/applications/${application.body.id}/members`, { roles: ["primary_applicant"] });
    await api.post(`/intake/applications/${application.body.id}/members`, { roles: ["household_member"], programsAppliedFor: ["chip"] });
    expect((await api.post(`/intake/applications/${application.body.id}/submit`, undefined, worker)).status).toBe(200);
    ids.push(application.body.id);
  }
  await waitFor(
    async () => (await api.get(listPath("/eligibility/determinations", { q: `applicationId:${ids.at(-1)}` }))).body.total === 1,
    "the determinations",
  );
  await settle();
  return ids;
}

const WALK = `query ($q: String) {
  applications(q: $q, limit: 100) {
    items {
      id
      determination { id status decisions { id program status member { id roles } } }
      members { id decisions { id program determination { id } } }
    }
  }
}`;

it("walks from applications to their determinations, decisions and members in the same statements for 12 applications as for 2", async () => {
  const first = await submitted(2);
  const few = await recorder.statementsOf(api, WALK, { q: "status:submitted" });
  expect(few.result.errors).toBeUndefined();
  const items = few.result.data.applications.items as Json[];
  expect(items).toHaveLength(2);
  for (const application of items) {
    const [primary, member] = application.members as Json[];
    expect(application.determination.status).toBe("pending");
    expect(application.determination.decisions.map((decision: Json) => [decision.program, decision.member.id]).sort()).toEqual(
      [
        ["chip", primary!.id],
        ["chip", member!.id],
        ["medicaid", primary!.id],
      ].sort(),
    );
    expect(member!.decisions).toEqual([expect.objectContaining({ program: "chip", determination: { id: application.determination.id } })]);
  }
  expect(items.map((item) => item.id).sort()).toEqual([...first].sort());

  await submitted(10);
  const many = await recorder.statementsOf(api, WALK, { q: "status:submitted" });
  expect(many.result.errors).toBeUndefined();
  expect(many.result.data.applications.items).toHaveLength(12);
  expectSameStatements(["2 applications", "12 applications"], few.sql, many.sql);
}, 120_000);

it("determinationChanged(id) delivers that determination's events (about itself, its application, its decisions) and no other's", async () => {
  const system = await bearer(["system"], { sub: "eligibility|system" });
  const watched = await determinationFixture(platform().database.prisma);
  const other = await determinationFixture(platform().database.prisma);
  const feed = await subscribeRegistered(
    platform(),
    url(),
    clients,
    "subscription ($id: ID) { determinationChanged(id: $id) { type subject determination { id status expeditedFlagged } } }",
    { id: watched.determinationId },
  );

  expect((await api.post(`/eligibility/determinations/${other.determinationId}/flag-expedited`, undefined, system)).status).toBe(200);
  expect((await api.post(`/eligibility/determinations/${watched.determinationId}/flag-expedited`, undefined, system)).status).toBe(200);
  const [flagged] = await feed.take(1);
  expect(flagged).toEqual({
    data: {
      determinationChanged: {
        type: "eligibility.application.expedited",
        subject: watched.applicationId,
        determination: { id: watched.determinationId, status: "pending", expeditedFlagged: true },
      },
    },
  });
  expect(
    (
      await api.post(
        `/eligibility/determinations/${watched.determinationId}/decisions/${watched.decisionId}/approve`,
        { path: "auto" },
        system,
      )
    ).status,
  ).toBe(200);
  const [decided] = await feed.take(1);
  // The determination is read as it is when the event is delivered: its own reaction may have completed it by then.
  expect(decided).toEqual({
    data: {
      determinationChanged: {
        type: "eligibility.application.decision_completed",
        subject: watched.decisionId,
        determination: { id: watched.determinationId, status: expect.stringMatching(/^(in_progress|completed)$/), expeditedFlagged: true },
      },
    },
  });
  // Its last decision made, the determination completes by itself (eligibility's own reaction).
  const [completed] = await feed.take(1);
  expect(completed?.data?.determinationChanged).toMatchObject({
    type: "eligibility.application.determination_completed",
    determination: { status: "completed" },
  });
});
