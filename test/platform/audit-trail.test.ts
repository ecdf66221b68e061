// The audit trail of sensitive reads (issue 31): whoever is given an SSN, a date of birth, an income
// amount or a document's bytes, through REST, the graph or the agency adapters' door, leaves an entry
// naming them, the record, the fields and the request's trace; a page of members is one insert; state
// administrators and auditors (by token scope) read the trail with the list language, nobody else; a
// query that does not select a sensitive field, and search, which shows none, leave nothing; a read
// whose entry cannot be written fails, its answer holding nothing it read; the trail cannot be changed,
// and only the retention purge deletes from it.
import { randomUUID } from "node:crypto";
import { purgeAuditBefore } from "@pap/events";
import { bearer, workerAccount } from "../support/auth";
import { created } from "../support/creators";
import { expectErrorEnvelope, expectStatus, type Json } from "../support/expectations";
import { useTestPlatform } from "../support/platform";

const statements: string[] = [];
const { api, db } = useTestPlatform("audit_trail", { onQuery: (sql) => void statements.push(sql) });

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const traced = (traceId: string) => ({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
const newTraceId = () => randomUUID().replaceAll("-", "");

/** The trail's entries about one record (made by one request, when its trace is given), as the state administrator lists them. */
async function entriesFor(recordId: string, traceId?: string): Promise<Json[]> {
  const q = encodeURIComponent(`recordId:${recordId}${traceId ? ` traceId:${traceId}` : ""}`);
  return (await expectStatus(api.get(`/platform/audit?q=${q}&limit=100`), 200, "audit")).items;
}

async function applicationWithMember(ssn: string) {
  const application = await created(api, "/intake/applications", { programs: ["snap"] });
  const member = await created(api, `/intake/applications/${application.id}/members`, {
    roles: ["primary_applicant"],
    personalInformation: { ssn, dateOfBirth: "1984-03-09" },
    contact: { name: { firstName: "Ines", lastName: "Audit" } },
  });
  return { application, member };
}

it("a case worker's read of a member over REST is recorded: who, which record, which fields, which trace", async () => {
  const worker = await workerAccount(api);
  const { application, member } = await applicationWithMember("219-09-1001");
  const read = await api.raw("GET", `/intake/applications/${application.id}/members/${member.id}`, undefined, {
    ...worker.headers,
    ...traced(TRACE_ID),
  });
  expect(read.status).toBe(200);
  expect(read.body.personalInformation.ssn).toBe("219-09-1001");

  const entries = await entriesFor(member.id, TRACE_ID);
  expect(entries).toHaveLength(1);
  const entry = entries[0]!;
  expect(entry).toMatchObject({
    actorId: worker.id,
    actorKind: "user",
    actorRoles: ["case_worker"],
    recordType: "ApplicationMember",
    recordIds: [member.id],
    traceId: TRACE_ID,
    channel: "graph",
  });
  expect([...entry.fields].sort()).toEqual(["personalInformation.dateOfBirth", "personalInformation.ssn"]);
  expect(Object.keys(entry.readings)).toEqual([member.id]);
  expect(Date.parse(entry.occurredAt)).not.toBeNaN();
  // One entry by id, as listed.
  expect((await expectStatus(api.get(`/platform/audit/${entry.id}`), 200, "entry")).recordIds).toEqual([member.id]);
});

it("a page of 25 members costs one insert into the trail: one entry naming the 25 and what was read of each", async () => {
  const application = await created(api, "/intake/applications", { programs: ["snap"] });
  for (let index = 0; index < 25; index += 1)
    await created(api, `/intake/applications/${application.id}/members`, {
      roles: [index === 0 ? "primary_applicant" : "household_member"],
      personalInformation: { ssn: `219-09-2${String(index).padStart(3, "0")}` },
    });
  const traceId = newTraceId();
  const start = statements.length;
  const page = await api.raw("GET", `/intake/applications/${application.id}/members?limit=25`, undefined, traced(traceId));
  expect(page.body.items).toHaveLength(25);
  const inserts = statements.slice(start).filter((sql) => sql.includes("INSERT INTO platform_audit_entry"));
  expect(inserts).toHaveLength(1);
  const recorded = (await expectStatus(api.get(`/platform/audit?q=traceId:${traceId}&limit=100`), 200, "trail")).items as Json[];
  expect(recorded).toHaveLength(1);
  const ids = page.body.items.map((item: Json) => item.id).sort();
  expect([...recorded[0]!.recordIds].sort()).toEqual(ids);
  expect(recorded[0]!.fields).toEqual(["personalInformation.ssn"]);
  expect(Object.keys(recorded[0]!.readings).sort()).toEqual(ids);
  expect(Object.values(recorded[0]!.readings)).toEqual(ids.map(() => ["personalInformation.ssn"]));
  // Each member is found by its own id among the others.
  expect((await entriesFor(ids[7], traceId)).map((entry) => entry.id)).toEqual([recorded[0]!.id]);
});

it("the graph records what a query selected of a nested record, and nothing for a query that selects no sensitive field", async () => {
  const { application, member } = await applicationWithMember("219-09-1002");
  const before = await entriesFor(member.id);
  const quiet = await api.graphql("query ($id: ID!, $app: ID!) { applicationMember(applicationId: $app, id: $id) { id contact roles } }", {
    id: member.id,
    app: application.id,
  });
  expect(quiet.errors).toBeUndefined();
  expect(await entriesFor(member.id)).toEqual(before);

  const income = await created(api, `/intake/applications/${application.id}/incomes`, {
    memberId: member.id,
    type: "employed",
    amount: 2100,
    frequency: "monthly",
  });
  const traceId = newTraceId();
  const read = await api.raw(
    "POST",
    "/graphql",
    {
      query: "query ($id: ID!, $app: ID!) { income(applicationId: $app, id: $id) { id amount frequency } }",
      variables: { id: income.id, app: application.id },
    },
    traced(traceId),
  );
  expect(read.body.errors).toBeUndefined();
  expect(read.body.data.income.amount).toBe(2100);
  expect((await entriesFor(income.id, traceId)).map((entry) => [entry.recordType, entry.fields])).toEqual([["Income", ["amount"]]]);
});

it("a person's free-form record is searched for sensitive keys at any depth; search shows none and records nothing", async () => {
  const person = await created(api, "/persons", {
    name: { firstName: "Olga", lastName: "Trailwood" },
    ssn: "219-09-1003",
    identity: { documents: [{ kind: "passport", dateOfBirth: "1971-01-02" }] },
  });
  const traceId = newTraceId();
  expect((await api.raw("GET", `/persons/${person.id}`, undefined, traced(traceId))).status).toBe(200);
  const entry = (await entriesFor(person.id, traceId))[0]!;
  expect(entry.recordType).toBe("Person");
  expect([...entry.fields].sort()).toEqual(["attributes.identity.documents.dateOfBirth", "attributes.ssn"]);

  const before = (await entriesFor(person.id)).length;
  const found = await expectStatus(api.get("/platform/search?q=Trailwood&types=person"), 200, "search");
  expect(found.items.length).toBeGreaterThan(0);
  expect(JSON.stringify(found)).not.toContain("219-09-1003");
  // The event log holds `[redacted]` in the values' place: reading it reads no sensitive value.
  expect((await expectStatus(api.get(`/platform/events?subject=${person.id}`), 200, "events")).items.length).toBeGreaterThan(0);
  expect((await expectStatus(api.get("/platform/audit?q=recordType:Event"), 200, "event reads")).total).toBe(0);
  expect(await entriesFor(person.id)).toHaveLength(before);
});

it("a read whose entry cannot be written is not given: the answer fails, holding nothing it read", async () => {
  const ssn = "219-09-4001";
  const lastName = `Unwritten${randomUUID().slice(0, 8)}`;
  const person = await created(api, "/persons", { name: { firstName: "Ola", lastName }, ssn });
  const { application, member } = await applicationWithMember("219-09-4002");
  await db().$executeRawUnsafe(
    "CREATE FUNCTION audit_probe_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the trail refuses'; END $$",
  );
  await db().$executeRawUnsafe(
    "CREATE TRIGGER audit_probe_refuse BEFORE INSERT ON platform_audit_entry FOR EACH ROW EXECUTE FUNCTION audit_probe_refuse()",
  );
  try {
    for (const path of [`/persons/${person.id}`, `/persons?q=${encodeURIComponent(`name.lastName:${lastName}`)}`]) {
      const refused = await api.raw("GET", path);
      expectErrorEnvelope(refused, 500, "INTERNAL_ERROR");
      expect(JSON.stringify(refused.body)).not.toContain(ssn);
    }
    // Through the gateway, one subgraph's answer and a walk across two alike.
    const alone = await api.raw("POST", "/graphql", { query: `{ person(id: "${person.id}") { id attributes } }` });
    expect(JSON.stringify(alone.body)).not.toContain(ssn);
    expect(alone.body.errors?.length).toBeGreaterThan(0);
    const walk = await api.raw("POST", "/graphql", {
      query: `{ application(id: "${application.id}") { id members { items { id personalInformation } } } }`,
    });
    expect(JSON.stringify(walk.body)).not.toContain("219-09-4002");
    expect(walk.body.errors?.length).toBeGreaterThan(0);
  } finally {
    await db().$executeRawUnsafe("DROP TRIGGER audit_probe_refuse ON platform_audit_entry");
    await db().$executeRawUnsafe("DROP FUNCTION audit_probe_refuse()");
  }
  // With the trail writable again, the same read is given and recorded.
  const traceId = newTraceId();
  const given = await api.raw("GET", `/intake/applications/${application.id}/members/${member.id}`, undefined, traced(traceId));
  expect(given.body.personalInformation.ssn).toBe("219-09-4002");
  expect(await entriesFor(member.id, traceId)).toHaveLength(1);
});

it("document bytes handed out are recorded", async () => {
  const form = new FormData();
  form.append("file", new Blob(["pay stub, March"]), "stub.pdf");
  form.append("documentTypeId", "e1f2a3b4-c5d6-4e7f-8a9b-c0d1e2f3a4b5");
  form.append("title", "Pay stub");
  const uploaded = await api.raw("POST", "/document-management/documents", form);
  expect(uploaded.status).toBe(201);
  const traceId = newTraceId();
  const content = await api.raw(
    "GET",
    `/document-management/document-versions/${uploaded.body.latestVersionId}/content`,
    undefined,
    traced(traceId),
  );
  expect(content.status).toBe(200);
  expect((await entriesFor(uploaded.body.latestVersionId, traceId)).map((entry) => [entry.recordType, entry.fields])).toEqual([
    ["DocumentVersion", ["content"]],
  ]);
});

it("the facts the agency adapters send an agency are recorded under the adapters' own principal", async () => {
  const { member } = await applicationWithMember("123-45-6785");
  const call = await expectStatus(
    api.post("/data-exchange/service-calls", { serviceType: "fdsh_ssa", requestingResourceId: member.id, callMode: "sync" }),
    201,
    "sync call",
  );
  expect(call.status).toBe("completed");
  const sent = (await entriesFor(member.id)).filter((entry) => entry.channel === "agency");
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    actorId: "data-exchange:agency-adapters",
    actorKind: "service_account",
    recordType: "ApplicationMember",
  });
  expect([...sent[0]!.fields].sort()).toEqual(["dateOfBirth", "firstName", "lastName", "ssn"]);
});

it("state administrators and auditors read the trail; case workers, supervisors and partners do not", async () => {
  const auditor = await bearer(["partner_readonly"], { sub: "test|auditor", scope: "openid audit:read" });
  expect((await api.raw("GET", "/platform/audit", undefined, auditor)).status).toBe(200);
  for (const role of ["case_worker", "supervisor", "county_admin", "partner_readonly", "applicant"] as const) {
    const refused = await api.raw("GET", "/platform/audit", undefined, await bearer([role]));
    expectErrorEnvelope(refused, 403, "FORBIDDEN");
  }
  // A scope grants only what a scope may grant: nothing else rides on it.
  const overreaching = await bearer(["applicant"], { sub: "test|overreach", scope: "audit:read users:create events:read" });
  expect((await api.raw("GET", "/platform/events", undefined, overreaching)).status).toBe(403);
  // The list language: filters and their refusals, in the envelope.
  expectErrorEnvelope(await api.get("/platform/audit?q=nosuchfield:1"), 400, "INVALID_QUERY");
  const ssnReads = await expectStatus(
    api.get(`/platform/audit?q=${encodeURIComponent("fields:personalInformation.ssn")}&limit=100`),
    200,
    "by field",
  );
  expect(ssnReads.items.length).toBeGreaterThan(0);
  expect(ssnReads.items.every((entry: Json) => entry.fields.includes("personalInformation.ssn"))).toBe(true);
  const agency = await expectStatus(api.get("/platform/audit?q=channel:agency"), 200, "by channel");
  expect(agency.items.map((entry: Json) => entry.channel)).toEqual(agency.items.map(() => "agency"));
});

it("the trail cannot be changed or deleted, except past its retention by the purge", async () => {
  const recordId = randomUUID();
  await db().$executeRaw`
    INSERT INTO platform_audit_entry (id, "occurredAt", "actorKind", "actorRoles", "recordType", "recordIds", fields, readings, channel)
    VALUES (gen_random_uuid(), now() - interval '9 years', 'user', '{}', 'Person', ARRAY[${recordId}], '{ssn}', '{}', 'graph'),
           (gen_random_uuid(), now(), 'user', '{}', 'Person', ARRAY[${recordId}], '{ssn}', '{}', 'graph')`;
  await expect(
    db().$executeRaw`UPDATE platform_audit_entry SET "actorId" = 'someone else' WHERE ${recordId} = ANY("recordIds")`,
  ).rejects.toThrow(/append-only/);
  await expect(db().$executeRaw`DELETE FROM platform_audit_entry WHERE ${recordId} = ANY("recordIds")`).rejects.toThrow(/append-only/);

  const purged = await purgeAuditBefore(db(), new Date(Date.now() - 7 * 365 * 86_400_000), 1);
  expect(purged).toBeGreaterThanOrEqual(1);
  const left = await db().auditEntry.findMany({ where: { recordIds: { has: recordId } } });
  expect(left).toHaveLength(1);
  expect(left[0]!.occurredAt.getTime()).toBeGreaterThan(Date.now() - 86_400_000);
});
