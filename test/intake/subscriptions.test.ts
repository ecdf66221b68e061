// Intake's live feeds over graphql-ws (real PostgreSQL): `applicationsChanged(status)` for a list of
// the applications in one state, and `applicationChanged` delivering only events about applications.
import type { Client } from "graphql-ws/client";
import { bearer } from "../support/auth";
import { subscribeRegistered } from "../support/live";
import { useTestPlatform } from "../support/platform";
import { newApplication } from "../support/creators";

const { api, url, platform, settle } = useTestPlatform("intake_subscriptions");
const clients: Client[] = [];
afterAll(async () => Promise.all(clients.map((client) => client.dispose())));

const subscribe = (query: string, variables?: Record<string, unknown>) => subscribeRegistered(platform(), url(), clients, query, variables);

const FEED =
  "subscription ($status: ApplicationStatus) { applicationsChanged(status: $status) { type subject application { id status } } }";
const medicaidDraft = async (): Promise<string> => (await newApplication(api, { programs: ["medicaid"] })).id;

it("applicationsChanged(status) delivers the changes of applications in that state and the action that takes one out of it", async () => {
  const worker = await bearer(["case_worker"], { sub: "subscriptions|worker" });
  const filed = await medicaidDraft();
  const draft = await medicaidDraft();
  await settle();
  const submitted = await subscribe(FEED, { status: "submitted" });

  expect((await api.patch(`/intake/applications/${draft}`, { channel: "mail" })).status).toBe(200);
  expect((await api.post(`/intake/applications/${filed}/submit`, undefined, worker)).status).toBe(200);
  // A payload's links are resolved when it is delivered: wait for the arrival before the departure, so
  // the link shows the application as it was then, however quickly or slowly events are delivered.
  const [filing] = await submitted.take(1);
  expect(filing).toEqual({
    data: {
      applicationsChanged: { type: "intake.application.submitted", subject: filed, application: { id: filed, status: "submitted" } },
    },
  });
  expect((await api.post(`/intake/applications/${filed}/withdraw`, { reason: "moved" }, worker)).status).toBe(200);
  expect((await api.patch(`/intake/applications/${draft}`, { channel: "phone" })).status).toBe(200);

  const [leaving] = await submitted.take(1);
  expect(leaving?.data?.applicationsChanged).toMatchObject({ type: "intake.application.withdrawn", subject: filed });
  // The draft's changes came before and after; its second one is the last event: nothing more arrived.
  await settle();
  expect(submitted.untaken()).toEqual([]);
});

it("applicationsChanged without a status delivers every application's changes; applicationChanged leaves out verifications", async () => {
  const all = await subscribe(FEED);
  const id = await medicaidDraft();
  const one = await subscribe("subscription ($id: ID!) { applicationChanged(id: $id) { type } }", { id });
  expect((await all.next()).data?.applicationsChanged).toMatchObject({ type: "intake.application.created", subject: id });
  // A verification's events name the verification: not the application's feed.
  expect((await api.post(`/intake/applications/${id}/verifications`, { category: "residency" })).status).toBe(201);
  expect((await api.patch(`/intake/applications/${id}`, { channel: "online" })).status).toBe(200);
  expect((await one.next()).data?.applicationChanged).toEqual({ type: "intake.application.updated" });
});

it("refuses a status that is not one", async () => {
  const refused = await subscribe(FEED, { status: "lost" });
  await refused.finished();
  expect(JSON.stringify(refused.error ?? refused.results)).toMatch(/status|ApplicationStatus/);
});
