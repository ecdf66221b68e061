// The platform's side of the adapter contract when the adapter misbehaves (issue 16): a call that fails
// leaves its decision pending with the reason on it and an event saying so, and a durable timer asks
// again; an answer whose metadata was altered is a failed call; once the adapter answers, the retry
// decides the decision with what it said. The adapter here is a local HTTP server the test scripts.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ManualClock } from "@pap/core";
import { workerAccount } from "../support/auth";
import { expectStatus, type Json, listPath } from "../support/expectations";
import { useTestPlatform } from "../support/platform";
import { eventsOf } from "../support/event-log";

type Mode = "answers" | "fails" | "alters-metadata" | "answers-without-explanation";

// Filing needs only programs here; one quick attempt per call keeps each failure a single request.
process.env.INTAKE_FILING_MINIMUM = "off";
process.env.ELIGIBILITY_ADAPTER_ATTEMPTS = "1";

let mode: Mode = "answers";
const received: { path: string; body: Json }[] = [];

const readBody = async (request: IncomingMessage): Promise<Json> => {
  let text = "";
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
};

const adapter: Server = createServer(async (request, response) => {
  const body = await readBody(request);
  received.push({ path: request.url ?? "", body });
  const send = (status: number, answer: Json) =>
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  if (request.url === "/evaluate/expedited-screening") return send(200, { metadata: body.metadata, expedited: false });
  if (mode === "fails") return send(500, { code: "INTERNAL_ERROR", message: "rules engine down", details: [] });
  const metadata = mode === "alters-metadata" ? { ...body.metadata, determinationId: "someone else's" } : body.metadata;
  const explanation =
    mode === "answers-without-explanation" ? {} : { explanation: { rules: [{ id: "scripted", citation: "Test rule 1", outcome: "met" }] } };
  return send(200, { metadata, program: body.program, status: "approved", path: "auto", ...explanation });
});

const clock = new ManualClock("2026-11-25T09:00:00.000Z");
let adapterUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => adapter.listen(0, "127.0.0.1", resolve));
  adapterUrl = `http://127.0.0.1:${(adapter.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => adapter.close(() => resolve())));

const { api, settle } = useTestPlatform("eligibility_adapter_failures", { clock, eligibilityAdapterUrl: () => adapterUrl });

/** A SNAP application with one member, filed, its review claimed and completed: the point at which eligibility asks for decisions. */
async function reviewedApplication(): Promise<{ applicationId: string; decisionId: string; determinationId: string }> {
  const application = await expectStatus(api.post("/intake/applications", { programs: ["snap"], channel: "online" }), 201, "create");
  await expectStatus(api.post(`/intake/applications/${application.id}/members`, { roles: ["primary_applicant"] }), 201, "member");
  await expectStatus(api.post(`/intake/applications/${application.id}/submit`, {}), 200, "submit");
  await settle();
  const [task] = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${application.id}` }))).body.items;
  const worker = await workerAccount(api);
  await expectStatus(api.post(`/workflow/tasks/${task.id}/claim`, undefined, worker.headers), 200, "claim");
  await settle();
  // Not what these tests are about: the SNAP interview is waived, so the review may complete.
  await expectStatus(
    api.patch(
      `/intake/applications/${application.id}/interview`,
      { waiverGranted: true, waiverReason: "Not at issue here" },
      worker.headers,
    ),
    200,
    "waive the interview",
  );
  await expectStatus(api.post(`/intake/applications/${application.id}/complete-review`, undefined, worker.headers), 200, "complete review");
  await settle();
  const [determination] = (await api.get(listPath("/eligibility/determinations", { applicationId: application.id }))).body.items;
  const [decision] = (await api.get(`/eligibility/determinations/${determination.id}/decisions`)).body.items;
  return { applicationId: application.id, decisionId: decision.id, determinationId: determination.id };
}

const decisionOf = async (ids: { determinationId: string; decisionId: string }) =>
  (await api.get(`/eligibility/determinations/${ids.determinationId}/decisions/${ids.decisionId}`)).body;

beforeEach(() => {
  mode = "answers";
  received.length = 0;
});

it("a failing adapter leaves the decision pending with the reason and an event; the timer asks again and the answer decides it", async () => {
  mode = "fails";
  const ids = await reviewedApplication();
  const failed = await decisionOf(ids);
  expect(failed).toMatchObject({
    status: "pending",
    evaluationFailure: { reason: expect.stringContaining("500"), attempts: 1, nextAttemptAt: expect.any(String) },
  });
  const [event] = await eventsOf(api, ids.decisionId, "eligibility.decision.evaluation_failed");
  const [reviewed] = await eventsOf(api, ids.applicationId, "intake.application.review_completed");
  expect(event).toMatchObject({
    causationid: reviewed!.id,
    data: { determinationId: ids.determinationId, program: "snap", attempts: 1, reason: failed.evaluationFailure.reason },
  });
  // The request carried the platform's metadata: the determination and the decision it decides.
  const asked = received.filter((call) => call.path === "/evaluate/determination");
  expect(asked).toHaveLength(1);
  expect(asked[0]!.body).toMatchObject({
    program: "snap",
    metadata: { determinationId: ids.determinationId, decisionIds: [ids.decisionId] },
    members: [expect.any(Object)],
  });

  // Still down when the timer fires: a second failure, the next attempt further off.
  clock.set(failed.evaluationFailure.nextAttemptAt);
  await settle();
  const again = await decisionOf(ids);
  expect(again).toMatchObject({ status: "pending", evaluationFailure: { attempts: 2 } });
  expect(new Date(again.evaluationFailure.nextAttemptAt).getTime() - clock.now().getTime()).toBeGreaterThan(
    new Date(failed.evaluationFailure.nextAttemptAt).getTime() - new Date(failed.evaluationFailure.failedAt).getTime(),
  );

  // Back up: the next retry decides it, with the adapter's explanation, and the determination and application follow.
  mode = "answers";
  clock.set(again.evaluationFailure.nextAttemptAt);
  await settle();
  const decided = await decisionOf(ids);
  expect(decided).toMatchObject({
    status: "approved",
    path: "auto",
    evaluationFailure: null,
    explanation: { rules: [{ id: "scripted", citation: "Test rule 1", outcome: "met" }] },
  });
  expect((await api.get(`/eligibility/determinations/${ids.determinationId}`)).body.status).toBe("completed");
  expect((await api.get(`/intake/applications/${ids.applicationId}`)).body.status).toBe("closed");
  const [retry] = await eventsOf(api, ids.determinationId, "eligibility.evaluation_retry_due");
  const [completed] = await eventsOf(api, ids.decisionId, "eligibility.application.decision_completed");
  expect(completed!.causationid).toBe((await eventsOf(api, ids.determinationId, "eligibility.evaluation_retry_due")).at(-1)!.id);
  expect(retry!.data).toMatchObject({ stage: "determination" });
});

it("an answer whose metadata was altered is a failed call, never applied", async () => {
  mode = "alters-metadata";
  const ids = await reviewedApplication();
  expect(await decisionOf(ids)).toMatchObject({
    status: "pending",
    evaluationFailure: { reason: expect.stringContaining("metadata"), attempts: 1 },
  });
  expect(await eventsOf(api, ids.decisionId, "eligibility.application.decision_completed")).toEqual([]);
});

it("an adapter that sends no explanation still decides", async () => {
  mode = "answers-without-explanation";
  const ids = await reviewedApplication();
  expect(await decisionOf(ids)).toMatchObject({ status: "approved", explanation: null, evaluationFailure: null });
});
