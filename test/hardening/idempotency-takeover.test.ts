// An Idempotency-Key survives the death of the host running its request: a retry waits out the dead
// host's lease and runs the request; a write of the attempt it took over is refused in its own
// transaction (nothing written, no event); and a request whose change committed but whose answer was
// lost is answered by reading its result back (201 with Location for a create, 200 for an action),
// marked replayed, with exactly one record and one event. The dead host is simulated in the store's
// table: a claim whose lease runs out, or a kept answer removed as if never written.
import { randomUUID } from "node:crypto";
import { fingerprintOf } from "@pap/rest-compat";
import { workerAccount } from "../support/auth";
import { eventsOf } from "../support/event-log";
import { timerRequested } from "../support/timer-requests";
import { expectErrorEnvelope } from "../support/expectations";
import { useTestPlatform } from "../support/platform";

const { api, platform } = useTestPlatform("idempotency-takeover");

type Answer = { status: number; body?: any; headers: Headers };

const db = () => platform().database.prisma;
const personBody = (lastName: string) => ({ name: { firstName: "Ida", lastName } });
const personsNamed = async (lastName: string) =>
  (await api.get(`/persons?q=${encodeURIComponent(`name.lastName:${lastName}`)}`)).body.items as { id: string }[];
const keyRow = async (key: string) =>
  (
    await db().$queryRaw<{ state: string; attempt: number; subject: string | null }[]>`
      SELECT state, attempt, subject::text AS subject FROM idempotency_key WHERE key = ${key}`
  )[0];

/** The suite administrator's keys' scope, as the store keeps it (learned from one keyed request). */
let scope: string;
beforeAll(async () => {
  const key = randomUUID();
  await api.post("/persons", personBody(`Scope${key.slice(0, 8)}`), { "idempotency-key": key });
  scope = (await db().$queryRaw<{ scope: string }[]>`SELECT scope FROM idempotency_key WHERE key = ${key}`)[0]!.scope;
});

/** A host claimed the key for this request (as attempt `attempt`) and died before its change, its lease ending `leaseSql` from now. */
const claimedByDeadHost = (key: string, path: string, body: unknown, attempt: number, leaseMs: number) =>
  db().$executeRaw`
    INSERT INTO idempotency_key (scope, key, fingerprint, state, attempt, "leaseUntil", "expiresAt")
    VALUES (${scope}, ${key}, ${fingerprintOf("POST", path, body)}, 'pending', ${attempt},
      now() + ${`${leaseMs} milliseconds`}::interval, now() + interval '1 hour')`;

/** The request's change committed, and then its host died before its answer was kept. */
const answerLost = (key: string) =>
  db().$executeRaw`
    UPDATE idempotency_key SET state = 'committed', status = NULL, headers = NULL, body = NULL, "leaseUntil" = now() - interval '1 second'
    WHERE key = ${key}`;

describe("a retry after the host running the request died before its change", () => {
  it("waits out the dead host's lease, then runs the request once", async () => {
    const key = randomUUID();
    const lastName = `Takeover${key.slice(0, 8)}`;
    // The dead host's lease still runs for a moment: the retry waits for it rather than being refused.
    await claimedByDeadHost(key, "/persons", personBody(lastName), 1, 1_000);
    const retry = await api.post("/persons", personBody(lastName), { "idempotency-key": key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBeNull();
    expect(await keyRow(key)).toMatchObject({ state: "done", attempt: 2, subject: retry.body.id });
    expect(await personsNamed(lastName)).toHaveLength(1);
    expect(await eventsOf(api, retry.body.id, "persons.person.created")).toHaveLength(1);
    const again = await api.post("/persons", personBody(lastName), { "idempotency-key": key });
    expect([again.status, again.headers.get("idempotency-replayed"), again.body]).toEqual([201, "true", retry.body]);
  });
});

describe("the write of an attempt a retry took over", () => {
  const createPerson = `mutation ($input: JSONObject!) { createPerson(attributes: $input) { id } }`;
  const publishEvent = `mutation ($event: JSONObject!) { publishEvent(event: $event) { id } }`;
  const asAttempt = (key: string, attempt: number) => ({ "x-pap-idempotency-claim": `${scope}\t${key}\t${attempt}` });

  it("is refused in its own transaction: nothing written, no event", async () => {
    const key = randomUUID();
    const lastName = `Superseded${key.slice(0, 8)}`;
    // Attempt 1's host was thought dead and a retry took the key over as attempt 2; then attempt 1 writes.
    await claimedByDeadHost(key, "/persons", personBody(lastName), 2, 60_000);
    const late = await api.post("/graphql", { query: createPerson, variables: { input: personBody(lastName) } }, asAttempt(key, 1));
    expect(late.body.errors?.[0]?.extensions).toMatchObject({ code: "IDEMPOTENCY_KEY_SUPERSEDED", status: 409 });
    expect(await personsNamed(lastName)).toHaveLength(0);
    expect(await keyRow(key)).toMatchObject({ state: "pending", attempt: 2, subject: null });
    // The attempt holding the key writes, and the key knows what it created.
    const current = await api.post("/graphql", { query: createPerson, variables: { input: personBody(lastName) } }, asAttempt(key, 2));
    const created = current.body.data.createPerson.id as string;
    expect(await keyRow(key)).toMatchObject({ state: "committed", attempt: 2, subject: created });
    expect(await eventsOf(api, created, "persons.person.created")).toHaveLength(1);
  });

  it("is refused for a published event too: the event is not in the log", async () => {
    const key = randomUUID();
    const event = timerRequest();
    await claimedByDeadHost(key, "/platform/events", event, 2, 60_000);
    const late = await api.post("/graphql", { query: publishEvent, variables: { event } }, asAttempt(key, 1));
    expect(late.body.errors?.[0]?.extensions).toMatchObject({ code: "IDEMPOTENCY_KEY_SUPERSEDED" });
    expectErrorEnvelope(await api.get(`/platform/events/${event.id}`), 404, "NOT_FOUND");
  });

  it("cannot be claimed by a REST client: a claim header it sends is dropped", async () => {
    const key = randomUUID();
    const lastName = `Forged${key.slice(0, 8)}`;
    await claimedByDeadHost(key, "/persons", personBody(lastName), 2, 60_000);
    const created = await api.post("/persons", personBody(lastName), asAttempt(key, 1));
    expect(created.status).toBe(201);
    expect(await keyRow(key)).toMatchObject({ state: "pending", subject: null });
  });
});

/** A timer asked for by another service, as the HA test's load publishes one. */
const timerRequest = () => timerRequested("takeover-test", "PT1H").event;

describe("a retry of a request whose change committed but whose answer was lost", () => {
  /** Sends the request, loses its answer as a dying host would, sends it again: both answers. */
  const doneThenRetried = async (send: () => Promise<Answer>, key: string) => {
    const first = await send();
    expect(first.status).toBeLessThan(300);
    await answerLost(key);
    const retry = await send();
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(await keyRow(key)).toMatchObject({ state: "done", attempt: 2 });
    return { first, retry };
  };
  const keyed = (key: string, headers: Record<string, string> = {}) => ({ "idempotency-key": key, ...headers });

  it("is answered the created record read back: 201, its Location, one record and one event", async () => {
    const key = randomUUID();
    const lastName = `ReadBack${key.slice(0, 8)}`;
    const { first, retry } = await doneThenRetried(() => api.post("/persons", personBody(lastName), keyed(key)), key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    expect(retry.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await personsNamed(lastName)).toHaveLength(1);
    expect(await eventsOf(api, first.body.id, "persons.person.created")).toHaveLength(1);
    // Later retries replay the answer read back.
    const later = await api.post("/persons", personBody(lastName), keyed(key));
    expect([later.status, later.body]).toEqual([201, first.body]);
  });

  it("is answered the action's record read back: 200, the task claimed once", async () => {
    const worker = await workerAccount(api);
    const task = (await api.post("/workflow/tasks", { name: "Claimed once, answer lost" })).body;
    const key = randomUUID();
    const { first, retry } = await doneThenRetried(() => api.post(`/workflow/tasks/${task.id}/claim`, {}, keyed(key, worker.headers)), key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await eventsOf(api, task.id, "workflow.task.claimed")).toHaveLength(1);
  });

  it("reads back each create the fault test sends: an application, its member and signature, a task, an upload, an event", async () => {
    const applicationKey = randomUUID();
    const application = await doneThenRetried(
      () => api.post("/intake/applications", { programs: ["medicaid"], channel: "online" }, keyed(applicationKey)),
      applicationKey,
    );
    const applicationId = application.first.body.id as string;
    expect(application.retry.body.id).toBe(applicationId);
    const base = `/intake/applications/${applicationId}`;

    // Its address puts the application in a county: that event is recorded before the member's own.
    const memberKey = randomUUID();
    const member = await doneThenRetried(
      () =>
        api.post(
          `${base}/members`,
          {
            roles: ["primary_applicant"],
            programsAppliedFor: ["medicaid"],
            contact: {
              name: { firstName: "Fault", lastName: "Tolerant" },
              primaryAddress: { addressLine1: "4 Elm St", city: "Springfield", state: "IL", zip: "62704" },
            },
          },
          keyed(memberKey),
        ),
      memberKey,
    );
    expect([member.retry.status, member.retry.body.id]).toEqual([201, member.first.body.id]);
    expect(member.retry.headers.get("location")).toBe(member.first.headers.get("location"));

    const signatureKey = randomUUID();
    const signature = await doneThenRetried(
      () =>
        api.post(
          `${base}/signatures`,
          {
            signer: { type: "member", id: member.first.body.id, role: "applicant" },
            purpose: "application",
            signedAt: "2026-11-25T09:00:00Z",
            signatureMethod: "electronic",
          },
          keyed(signatureKey),
        ),
      signatureKey,
    );
    expect([signature.retry.status, signature.retry.body.id]).toEqual([201, signature.first.body.id]);

    const taskKey = randomUUID();
    const task = await doneThenRetried(
      () => api.post("/workflow/tasks", { name: "Read back", programType: "snap" }, keyed(taskKey)),
      taskKey,
    );
    expect([task.retry.status, task.retry.body.id]).toEqual([201, task.first.body.id]);

    const uploadKey = randomUUID();
    const form = () => {
      const body = new FormData();
      body.append("file", new Blob(["pay stub: read back"], { type: "text/plain" }), "stub.txt");
      body.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
      body.append("title", `Read back ${uploadKey.slice(0, 8)}`);
      return body;
    };
    const upload = await doneThenRetried(() => api.raw("POST", "/document-management/documents", form(), keyed(uploadKey)), uploadKey);
    expect([upload.retry.status, upload.retry.body.id]).toEqual([201, upload.first.body.id]);
    expect(await eventsOf(api, upload.first.body.id, "document_management.document.created")).toHaveLength(1);

    const eventKey = randomUUID();
    const event = timerRequest();
    const published = await doneThenRetried(() => api.post("/platform/events", event, keyed(eventKey)), eventKey);
    expect([published.retry.status, published.retry.body.id]).toEqual([201, event.id]);
    expect(published.retry.headers.get("location")).toBe(published.first.headers.get("location"));
  });
  it("is answered an honest 409 when the request created no record it can read back", async () => {
    const key = randomUUID();
    const lastName = `Unreadable${key.slice(0, 8)}`;
    await api.post("/persons", personBody(lastName), keyed(key));
    await answerLost(key);
    await db().$executeRaw`UPDATE idempotency_key SET subject = NULL WHERE key = ${key}`;
    expectErrorEnvelope(await api.post("/persons", personBody(lastName), keyed(key)), 409, "IDEMPOTENCY_RESULT_UNAVAILABLE");
    expect(await personsNamed(lastName)).toHaveLength(1);
  });
});
