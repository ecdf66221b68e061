// Idempotency-Key on POST: a client that retries a create or an action after a timeout gets the first
// answer again instead of a second record; the same key with another request is 422; concurrent
// retries with one key make one record and one event; keys are each caller's own, and expire.
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { bearer, workerAccount } from "../support/auth";
import { eventsOf } from "../support/event-log";
import { expectErrorEnvelope } from "../support/expectations";
import { useTestPlatform } from "../support/platform";

const { api, platform } = useTestPlatform("idempotency");

const personBody = (lastName: string) => ({ name: { firstName: "Ida", lastName } });
const createPerson = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  api.post("/persons", body, { "idempotency-key": key, ...headers });
const personsNamed = async (lastName: string) =>
  (await api.get(`/persons?q=${encodeURIComponent(`name.lastName:${lastName}`)}`)).body.items as { id: string }[];

describe("a create sent with an Idempotency-Key", () => {
  it("is done once: a retry is answered the first answer, marked as replayed", async () => {
    const key = randomUUID();
    const lastName = `Once${randomUUID().slice(0, 8)}`;
    const first = await createPerson(key, personBody(lastName));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    const retry = await createPerson(key, personBody(lastName));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    expect(await personsNamed(lastName)).toHaveLength(1);
    expect(await eventsOf(api, first.body.id, "persons.person.created")).toHaveLength(1);
  });

  it("refuses the key reused for another request with 422, creating nothing", async () => {
    const key = randomUUID();
    const lastName = `Reused${randomUUID().slice(0, 8)}`;
    expect((await createPerson(key, personBody(lastName))).status).toBe(201);
    expectErrorEnvelope(await createPerson(key, personBody(`${lastName}x`)), 422, "IDEMPOTENCY_KEY_REUSED");
    expect(await personsNamed(`${lastName}x`)).toHaveLength(0);
  });

  it("makes one record and one event of concurrent retries with one key", async () => {
    const key = randomUUID();
    const lastName = `Race${randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => createPerson(key, personBody(lastName))));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await personsNamed(lastName)).toHaveLength(1);
    expect(await eventsOf(api, answers[0]!.body.id, "persons.person.created")).toHaveLength(1);
  });

  it("is each caller's own: another caller's key of the same text is another key", async () => {
    const key = randomUUID();
    const lastName = `Callers${randomUUID().slice(0, 8)}`;
    const other = await bearer(["case_worker"], { sub: "test|idempotency-other" });
    const mine = await createPerson(key, personBody(lastName));
    const theirs = await createPerson(key, personBody(lastName), other);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it("keeps a refusal as it keeps a success: a retry of an invalid create is refused the same", async () => {
    const invalid = () => api.post("/intake/applications", { programs: ["no_such_program"] }, { "idempotency-key": key });
    const key = randomUUID();
    const first = await invalid();
    expect(first.status).toBe(422);
    const retry = await invalid();
    expect(retry.status).toBe(422);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
  });

  it("is forgotten once expired: the same key then creates afresh", async () => {
    const key = randomUUID();
    const lastName = `Expired${randomUUID().slice(0, 8)}`;
    const first = await createPerson(key, personBody(lastName));
    await platform().database.prisma.$executeRaw`UPDATE idempotency_key SET "expiresAt" = now() - interval '1 second' WHERE key = ${key}`;
    const later = await createPerson(key, personBody(lastName));
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotency-replayed")).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
  });

  it("refuses a malformed key with 400", async () => {
    expectErrorEnvelope(await createPerson("a key with spaces", personBody("Malformed")), 400, "BAD_REQUEST");
    expectErrorEnvelope(await createPerson("x".repeat(256), personBody("Malformed")), 400, "BAD_REQUEST");
  });
});

describe("an action sent with an Idempotency-Key", () => {
  it("is taken once: a retried claim is answered the first claim, not 409", async () => {
    const worker = await workerAccount(api);
    const task = (await api.post("/workflow/tasks", { name: "Claimed once" })).body;
    const claim = () => api.post(`/workflow/tasks/${task.id}/claim`, {}, { ...worker.headers, "idempotency-key": `claim-${task.id}` });
    const first = await claim();
    expect(first.status).toBe(200);
    const retry = await claim();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await eventsOf(api, task.id, "workflow.task.claimed")).toHaveLength(1);
    // Without the key, claiming again is refused: the task is no longer pending.
    expect((await api.post(`/workflow/tasks/${task.id}/claim`, {}, worker.headers)).status).toBe(409);
  });
});

describe("an upload sent with an Idempotency-Key", () => {
  /** A new multipart body each time (its boundary differs, as a client's retry's does) carrying the same parts. */
  const form = (title: string, bytes: string) => {
    const body = new FormData();
    body.append("file", new Blob([bytes], { type: "text/plain" }), "stub.txt");
    body.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
    body.append("title", title);
    return body;
  };
  const upload = (key: string, body: FormData) => api.raw("POST", "/document-management/documents", body, { "idempotency-key": key });
  const storedFiles = () =>
    readdirSync(process.env.CONTENT_DIRECTORY!, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

  it("files one document: a retry carrying the same parts and bytes is answered the first answer, its bytes not kept", async () => {
    const key = randomUUID();
    const title = `Uploaded once ${randomUUID().slice(0, 8)}`;
    const first = await upload(key, form(title, "pay stub: 40 hours"));
    expect(first.status).toBe(201);
    const filesAfterFirst = storedFiles();
    const retry = await upload(key, form(title, "pay stub: 40 hours"));
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotency-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(storedFiles()).toBe(filesAfterFirst);
    expect(await eventsOf(api, first.body.id, "document_management.document.created")).toHaveLength(1);
  });

  it("refuses the key sent again with other bytes (422), filing nothing", async () => {
    const key = randomUUID();
    const title = `Uploaded twice ${randomUUID().slice(0, 8)}`;
    expect((await upload(key, form(title, "the first file"))).status).toBe(201);
    const filesBefore = storedFiles();
    expectErrorEnvelope(await upload(key, form(title, "another file")), 422, "IDEMPOTENCY_KEY_REUSED");
    expect(storedFiles()).toBe(filesBefore);
  });
});
