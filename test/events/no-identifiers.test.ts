// No identifier in the permanent log: every way a sensitive value can be written (a member's personal
// information over REST and over the graph, a sponsor and its spouse, a person, an update of each, an
// event published from outside) leaves events that say which sensitive fields were set or changed,
// and none of the values, in the log as stored, as listed, on the event stream and on a subscription.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RunningPlatform } from "@pap/gateway";
import { Client as PgClient } from "pg";
import type { Client } from "graphql-ws/client";
import { adminHeaders } from "../support/auth";
import { collect, openStream, rawEvent, startPlatformOn, wsClient, type Collected, type SseStream } from "../support/live";
import { createTestDatabase, httpClient } from "../support/platform";
import { sponsorWithSpouse } from "../support/intake-fixtures";
import { expectStatus, type Json } from "../support/expectations";
import { waitFor } from "../support/waiting";

let platform: RunningPlatform;
let client: Client;
let databaseUrl: string;
const api = httpClient(() => platform.url);

beforeAll(async () => {
  databaseUrl = await createTestDatabase("no_identifiers");
  platform = await startPlatformOn(databaseUrl, { SENSITIVE_FIELDS: "alienNumber" });
  client = wsClient(platform.url);
});
afterAll(async () => {
  await client?.dispose();
  await platform?.close();
});

/** Every value written below, each distinct, so a leak anywhere names which one leaked. */
const secret = {
  memberSsn: "219-09-9991",
  memberBirth: "1961-07-13",
  changedSsn: "219-09-9992",
  changedBirth: "1961-07-14",
  graphSsn: "219-09-9993",
  graphBirth: "1962-08-15",
  sponsorSsn: "219-09-9994",
  spouseSsn: "219-09-9995",
  personBirth: "1963-09-16",
  changedPersonBirth: "1963-09-17",
  alienNumber: "A219099996",
  publishedSsn: "219-09-9997",
};
const leaksIn = (text: string) =>
  Object.entries(secret)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);

async function subscribed(query: string): Promise<Collected> {
  const hub = platform.services.eventRuntime.hub;
  const before = hub.subscriberCount;
  const subscription = collect(client, query);
  await waitFor(() => hub.subscriberCount > before || subscription.error !== undefined, "the subscription to register");
  return subscription;
}

async function writeEverySensitiveField(): Promise<string> {
  const application = await expectStatus(api.post("/intake/applications", { programs: ["medicaid"] }), 201, "POST");
  const members = `/intake/applications/${application.id}/members`;
  const personalInformation = { ssn: secret.memberSsn, dateOfBirth: secret.memberBirth, alienNumber: secret.alienNumber };
  const member = await expectStatus(api.post(members, { roles: ["primary_applicant"], personalInformation }), 201, "POST");
  const changed = { ssn: secret.changedSsn, dateOfBirth: secret.changedBirth };
  await expectStatus(api.patch(`${members}/${member.id}`, { personalInformation: changed }), 200, "PATCH");

  const graph = await api.post("/graphql", {
    query:
      "mutation ($id: ID!, $input: ApplicationMemberCreateInput!) { createApplicationMember(applicationId: $id, input: $input) { id } }",
    variables: {
      id: application.id,
      input: { roles: ["household_member"], personalInformation: { ssn: secret.graphSsn, dateOfBirth: secret.graphBirth } },
    },
  });
  expect((graph.body as Json).errors).toBeUndefined();

  await sponsorWithSpouse(api, application.id, member.id, { sponsor: secret.sponsorSsn, spouse: secret.spouseSsn });

  const person = await expectStatus(
    api.post("/persons", { name: { firstName: "Ida", lastName: "Private" }, dateOfBirth: secret.personBirth }),
    201,
    "POST",
  );
  await expectStatus(api.patch(`/persons/${person.id}`, { dateOfBirth: secret.changedPersonBirth }), 200, "PATCH");

  const published = { ...rawEvent(), data: { changes: [{ field: "ssn", before: null, after: secret.publishedSsn }] } };
  await expectStatus(api.post("/platform/events", published), 201, "POST");
  return published.id;
}

it("keeps every sensitive value out of the log, the stream and subscriptions, and says which fields changed", async () => {
  const stream: SseStream = await openStream(`${platform.url}/platform/events/stream`, await adminHeaders());
  const subscription = await subscribed("subscription { events { id type data } }");
  try {
    const lastId = await writeEverySensitiveField();

    const streamed: Json[] = [];
    await waitFor(async () => {
      for (const event of stream.untakenEvents()) streamed.push(event.data);
      return streamed.some((event) => event.id === lastId);
    }, "the stream to deliver the published event");
    await waitFor(() => subscription.results.some((payload) => payload.data?.events?.id === lastId), "the subscription to deliver it");

    const listed = (await api.get("/platform/events?limit=100")).body as { items: Json[]; hasNext: boolean };
    expect(listed.hasNext).toBe(false);
    const stored = await platform.services.db.$queryRaw<{ data: string }[]>`SELECT data::text AS data FROM platform_event`;
    expect(leaksIn(JSON.stringify(listed.items))).toEqual([]);
    expect(leaksIn(stored.map((row) => row.data).join("\n"))).toEqual([]);
    expect(leaksIn(JSON.stringify(streamed))).toEqual([]);
    expect(leaksIn(JSON.stringify(subscription.results))).toEqual([]);

    // What the events still say: which sensitive fields were set, and which changed.
    const ofType = (type: string) => listed.items.filter((event) => event.type === type).map((event) => event.data as Json);
    expect(ofType("intake.application_member.created")[0]?.personalInformation).toEqual({
      ssn: "[redacted]",
      dateOfBirth: "[redacted]",
      alienNumber: "[redacted]",
    });
    expect(ofType("intake.application_member.updated")[0]?.changes).toEqual([
      expect.objectContaining({
        field: "personalInformation",
        after: expect.objectContaining({ ssn: "[redacted]", dateOfBirth: "[redacted]" }),
      }),
    ]);
    expect(ofType("persons.person.updated").map((data) => data.changes)).toContainEqual([
      { field: "dateOfBirth", before: "[redacted]", after: "[redacted]" },
    ]);
  } finally {
    stream.close();
    subscription.dispose();
  }
});

it("writes the identifiers of events recorded before redaction existed as [redacted] (the migration that scrubs the log)", async () => {
  const id = randomUUID();
  const legacy = {
    attributes: { ssn: "219-09-9998", dateOfBirth: "1970-01-01", name: { firstName: "Old" } },
    changes: [{ field: "dateOfBirth", before: "1970-01-01", after: null }],
  };
  // As an older platform wrote it, straight into the log.
  await platform.services.db.$executeRaw`
    INSERT INTO platform_event (id, type, source, subject, time, specversion, datacontenttype, data)
    VALUES (${id}::uuid, 'persons.person.created', '/persons', ${randomUUID()}::uuid, now(), '1.0', 'application/json', ${JSON.stringify(legacy)}::jsonb)`;
  const migration = path.resolve(__dirname, "../../prisma/migrations/20261128110000_event_log_without_identifiers/migration.sql");
  const connection = new PgClient({ connectionString: databaseUrl });
  await connection.connect();
  try {
    await connection.query(readFileSync(migration, "utf8"));
  } finally {
    await connection.end();
  }
  const [row] = await platform.services.db.$queryRaw<{ data: Json }[]>`SELECT data FROM platform_event WHERE id = ${id}::uuid`;
  expect(row?.data).toEqual({
    attributes: { ssn: "[redacted]", dateOfBirth: "[redacted]", name: { firstName: "Old" } },
    changes: [{ field: "dateOfBirth", before: "[redacted]", after: null }],
  });
  // The log is append-only again.
  await expect(platform.services.db.$executeRaw`UPDATE platform_event SET data = NULL WHERE id = ${id}::uuid`).rejects.toThrow();
});
