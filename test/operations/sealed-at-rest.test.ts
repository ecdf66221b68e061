// Sensitive values encrypted at rest: an SSN (and a date of birth, and a field SENSITIVE_FIELDS adds)
// written through every path that stores one — a person over REST (create, patch, a replayed POST), an
// application member over REST and over the graph, a sponsor and its spouse — is found nowhere in the
// database in clear, read table by table as text, while every API answers the clear value as before.
// Person matching still confirms by SSN, the agencies' door still reads it, lists refuse to filter on
// it, values stored in clear before sealing are sealed at start, and a rotation moves every value to
// the new key while the platform runs, without changing any record's version.
import { mkdtempSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseConfig } from "@pap/db";
import { resealStored } from "@pap/db";
import { agencyAdapterPrincipal } from "@pap/data-exchange/contract";
import { intakeSensitiveSources } from "../../subgraphs/intake/src/contract/sensitive-sources";
import { sponsorWithSpouse } from "../support/intake-fixtures";
import { expectErrorEnvelope, expectStatus, type Json } from "../support/expectations";
import { createTestDatabase, httpClient, startTestPlatform, testDatabaseEngine, type TestPlatform } from "../support/platform";
import { waitForValue } from "../support/waiting";

process.env.INTAKE_FILING_MINIMUM = "off";
process.env.SENSITIVE_FIELDS = "alienNumber";

const keyA = `A:${randomBytes(32).toString("base64")}`;
const keyB = `B:${randomBytes(32).toString("base64")}`;

let platform: TestPlatform | undefined;
let database: DatabaseConfig;
const api = httpClient(() => platform!.url);

/** The platform on the test's database, sealing with the keys given. */
async function startWith(keys: string): Promise<void> {
  await platform?.close();
  process.env.ENCRYPTION_KEYS = keys;
  platform = await startTestPlatform("sealed_at_rest", { database });
}

beforeAll(async () => {
  // A store that outlives a restart: a PostgreSQL database, or PGlite in a directory (migrated at the first start).
  database =
    testDatabaseEngine() === "pglite"
      ? { kind: "pglite", dataDir: path.join(mkdtempSync(path.join(tmpdir(), "pap-sealed-")), "store") }
      : { kind: "postgres", url: await createTestDatabase("sealed_at_rest"), poolSize: 5 };
  await startWith(keyA);
}, 120_000);
afterAll(async () => {
  await platform?.close();
  delete process.env.ENCRYPTION_KEYS;
});

/** SQL straight to the engine, below the platform's sealing: what a database dump would hold. */
async function raw<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const { pool, pglite } = platform!.database;
  if (pool) return (await pool.query(text, params)).rows as T[];
  return (await pglite!.query<T>(text, params)).rows;
}

/** Every table of the database as text, row by row. */
async function everyTableAsText(): Promise<string> {
  const tables = await raw<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const texts = await Promise.all(tables.map(({ name }) => raw<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)));
  return texts
    .flat()
    .map(({ row }) => row)
    .join("\n");
}

/** Every value written below, each distinct, so a leak names which one leaked. */
const secret = {
  personSsn: "219-09-9981",
  personBirth: "1961-07-13",
  patchedSsn: "219-09-9982",
  alienNumber: "A219099983",
  replayedSsn: "219-09-9984",
  memberSsn: "219-09-9985",
  memberBirth: "1962-08-14",
  patchedMemberSsn: "219-09-9986",
  graphSsn: "219-09-9987",
  sponsorSsn: "219-09-9988",
  spouseSsn: "219-09-9989",
};
const leaksIn = (text: string) =>
  Object.entries(secret)
    .filter(([, value]) => text.includes(value) || text.includes(value.replace(/-/g, "")))
    .map(([name]) => name);

const written: { person?: Json; replayed?: Json; applicationId?: string; memberId?: string; graphMemberId?: string; sponsorId?: string } =
  {};

async function writeThroughEveryPath(): Promise<void> {
  const person = await expectStatus(
    api.post("/persons", {
      name: { firstName: "Ida", lastName: `Sealed${randomUUID().slice(0, 8)}` },
      dateOfBirth: secret.personBirth,
      ssn: secret.personSsn,
    }),
    201,
    "POST person",
  );
  written.person = await expectStatus(
    api.patch(`/persons/${person.id}`, { ssn: secret.patchedSsn, alienNumber: secret.alienNumber }),
    200,
    "PATCH person",
  );
  const key = randomUUID();
  const body = { name: { firstName: "Rita", lastName: "Replay" }, ssn: secret.replayedSsn };
  written.replayed = await expectStatus(api.post("/persons", body, { "idempotency-key": key }), 201, "POST with a key");
  const replay = await expectStatus(api.post("/persons", body, { "idempotency-key": key }), 201, "the replay");
  expect(replay).toEqual(written.replayed);

  const application = await expectStatus(api.post("/intake/applications", { programs: ["snap"] }), 201, "POST application");
  written.applicationId = application.id;
  const members = `/intake/applications/${application.id}/members`;
  const member = await expectStatus(
    api.post(members, {
      roles: ["primary_applicant"],
      programsAppliedFor: ["snap"],
      personalInformation: { ssn: secret.memberSsn, dateOfBirth: secret.memberBirth },
      contact: { name: { firstName: "Ida", lastName: "Member" } },
    }),
    201,
    "POST member",
  );
  written.memberId = member.id;
  await expectStatus(
    api.patch(`${members}/${member.id}`, { personalInformation: { ssn: secret.patchedMemberSsn, dateOfBirth: secret.memberBirth } }),
    200,
    "PATCH member",
  );
  const graph = await api.post("/graphql", {
    query:
      "mutation ($id: ID!, $input: ApplicationMemberCreateInput!) { createApplicationMember(applicationId: $id, input: $input) { id } }",
    variables: { id: application.id, input: { roles: ["household_member"], personalInformation: { ssn: secret.graphSsn } } },
  });
  expect((graph.body as Json).errors).toBeUndefined();
  written.graphMemberId = (graph.body as Json).data.createApplicationMember.id;

  const sponsor = await sponsorWithSpouse(api, application.id, member.id, { sponsor: secret.sponsorSsn, spouse: secret.spouseSsn });
  written.sponsorId = sponsor.id;
}

/** What the APIs answer: the clear values, as before sealing existed. */
async function expectClearThroughTheApis(): Promise<void> {
  const person = await expectStatus(api.get(`/persons/${written.person!.id}`), 200, "GET person");
  expect(person).toMatchObject({ ssn: secret.patchedSsn, dateOfBirth: secret.personBirth, alienNumber: secret.alienNumber });
  const listed = await expectStatus(api.get(`/persons?q=name.lastName:${person.name.lastName}`), 200, "the list");
  expect(listed.items).toEqual([expect.objectContaining({ ssn: secret.patchedSsn, dateOfBirth: secret.personBirth })]);
  const replayed = await expectStatus(api.get(`/persons/${written.replayed!.id}`), 200, "GET replayed");
  expect(replayed.ssn).toBe(secret.replayedSsn);

  const members = `/intake/applications/${written.applicationId}/members`;
  const member = await expectStatus(api.get(`${members}/${written.memberId}`), 200, "GET member");
  expect(member.personalInformation).toEqual({ ssn: secret.patchedMemberSsn, dateOfBirth: secret.memberBirth });
  const sponsor = await expectStatus(
    api.get(`/intake/applications/${written.applicationId}/sponsors/${written.sponsorId}`),
    200,
    "GET sponsor",
  );
  expect(sponsor).toMatchObject({ ssn: secret.sponsorSsn, spouse: { ssn: secret.spouseSsn } });

  const graph = await api.graphql("query ($id: ID!) { application(id: $id) { members { id personalInformation } } }", {
    id: written.applicationId,
  });
  const shown = Object.fromEntries(graph.data.application.members.map((each: Json) => [each.id, each.personalInformation.ssn]));
  expect(shown).toEqual({ [written.memberId!]: secret.patchedMemberSsn, [written.graphMemberId!]: secret.graphSsn });
}

/** The key ids the stored values were sealed under. */
async function keyIdsStored(): Promise<string[]> {
  return [...new Set([...(await everyTableAsText()).matchAll(/pap:sealed:v1:([A-Za-z0-9_-]+):/g)].map((match) => match[1]!))].sort();
}

it("stores no sensitive value in clear, through every path that writes one, and answers them in clear", async () => {
  await writeThroughEveryPath();
  expect(leaksIn(await everyTableAsText())).toEqual([]);
  const [stored] = await raw<{ ssn: string }>(`SELECT ssn FROM intake_sponsor WHERE id = $1::uuid`, [written.sponsorId]);
  expect(stored!.ssn).toMatch(/^pap:sealed:v1:A:/);
  expect(await keyIdsStored()).toEqual(["A"]);
  await expectClearThroughTheApis();
});

it("still matches a member to a person by SSN, and the agencies' door still reads the SSN", async () => {
  const application = await expectStatus(api.post("/intake/applications", { programs: ["snap"] }), 201, "POST application");
  const member = await expectStatus(
    api.post(`/intake/applications/${application.id}/members`, {
      roles: ["primary_applicant"],
      programsAppliedFor: ["snap"],
      personalInformation: { ssn: secret.patchedSsn },
      contact: { name: { firstName: "Someone", lastName: "Else" } },
    }),
    201,
    "POST member",
  );
  await expectStatus(api.post(`/intake/applications/${application.id}/submit`, {}), 200, "submit");
  const matched = await waitForValue(async () => {
    const found = await expectStatus(api.get(`/intake/applications/${application.id}/members/${member.id}`), 200, "GET member");
    return found.personMatch ? found : undefined;
  }, "the member's match");
  expect(matched.personMatch).toEqual({ matchStatus: "confirmed", candidates: [{ personId: written.person!.id, confidenceScore: 1 }] });

  const door = intakeSensitiveSources.find((source) => source.resourceType === "intake/applications/members")!;
  expect(await door.read(platform!.database.prisma, written.memberId!, agencyAdapterPrincipal)).toMatchObject({
    ssn: secret.patchedMemberSsn,
    dateOfBirth: secret.memberBirth,
  });
});

it("refuses to filter a list on a sealed field, in the error envelope, rather than find nothing", async () => {
  for (const q of [`ssn:${secret.patchedSsn}`, `dateOfBirth:${secret.personBirth}`, `alienNumber:${secret.alienNumber}`]) {
    const response = await api.get(`/persons?q=${encodeURIComponent(q)}`);
    expectErrorEnvelope(response, 400, "INVALID_QUERY");
    expect(response.body.message).toMatch(/stored encrypted/);
  }
});

it("seals at start what a store held in clear before its sweep, leaving the record's version, and records the sweep", async () => {
  const id = written.replayed!.id as string;
  await raw(`UPDATE person SET attributes = attributes || '{"ssn": "${secret.replayedSsn}"}'::jsonb WHERE id = $1::uuid`, [id]);
  // A store from before sealing existed has swept nothing.
  await raw(`DELETE FROM platform_sealing_sweep`);
  expect(leaksIn(await everyTableAsText())).toEqual(["replayedSsn"]);
  const before = await expectStatus(api.get(`/persons/${id}`), 200, "GET");
  await startWith(keyA);
  // The sweep runs beside serving: the value read meanwhile is the same, clear or sealed.
  expect(await expectStatus(api.get(`/persons/${id}`), 200, "GET")).toEqual(before);
  await platform!.settle();
  expect(leaksIn(await everyTableAsText())).toEqual([]);
  expect(await expectStatus(api.get(`/persons/${id}`), 200, "GET")).toEqual(before);
  const swept = await raw<{ fields: string[] }>(
    `SELECT fields FROM platform_sealing_sweep WHERE table_name = 'person' AND column_name = 'attributes'`,
  );
  expect(swept).toEqual([{ fields: ["alienNumber", "dateOfBirth", "ssn"] }]);
}, 120_000);

it("sweeps a swept column again only for a name SENSITIVE_FIELDS adds, sealing that name's stored values", async () => {
  const id = written.replayed!.id as string;
  const maidenName = `Maiden${randomUUID().slice(0, 8)}`;
  // Not sensitive yet: stored as it is, as a deployment would have stored it before naming it.
  await expectStatus(api.patch(`/persons/${id}`, { maidenName }), 200, "PATCH");
  expect((await everyTableAsText()).includes(maidenName)).toBe(true);
  const versions = await raw<{ updatedAt: Date }>(`SELECT "updatedAt" FROM person WHERE id = $1::uuid`, [id]);
  process.env.SENSITIVE_FIELDS = "alienNumber,maidenName";
  try {
    await startWith(keyA);
    await platform!.settle();
    const stored = await raw<{ row: string }>(`SELECT attributes::text AS row FROM person WHERE id = $1::uuid`, [id]);
    expect(stored[0]!.row).not.toContain(maidenName);
    expect(await raw(`SELECT "updatedAt" FROM person WHERE id = $1::uuid`, [id])).toEqual(versions);
    expect((await expectStatus(api.get(`/persons/${id}`), 200, "GET")).maidenName).toBe(maidenName);
    const swept = await raw<{ fields: string[] }>(
      `SELECT fields FROM platform_sealing_sweep WHERE table_name = 'person' AND column_name = 'attributes'`,
    );
    expect(swept).toEqual([{ fields: ["alienNumber", "dateOfBirth", "maidenName", "ssn"] }]);
  } finally {
    process.env.SENSITIVE_FIELDS = "alienNumber";
    await startWith(keyA);
  }
}, 120_000);

it("rotates every value to a new key while the platform runs, in batches, keeping versions; the old key can then go", async () => {
  await startWith(`${keyB},${keyA}`);
  const versions = await raw<{ id: string; updatedAt: Date }>(`SELECT id, "updatedAt" FROM person ORDER BY id`);
  // Written under B from now on, readable under both meanwhile.
  await expectClearThroughTheApis();
  expect(await keyIdsStored()).toEqual(["A"]);

  const report = await resealStored(platform!.database, { mode: "rotate", batchSize: 2 });
  expect(report).toMatchObject({ keyId: "B", unreadable: 0, remaining: 0 });
  expect(report.resealed).toBeGreaterThanOrEqual(7);
  expect(await keyIdsStored()).toEqual(["B"]);
  expect(leaksIn(await everyTableAsText())).toEqual([]);
  expect(await raw(`SELECT id, "updatedAt" FROM person ORDER BY id`)).toEqual(versions);
  // Nothing left to do: a second run finds nothing.
  expect((await resealStored(platform!.database, { mode: "rotate" })).resealed).toBe(0);

  await startWith(keyB);
  await expectClearThroughTheApis();
}, 180_000);

it("cannot read a value sealed under a key it was not given, and says which", async () => {
  await startWith(`C:${randomBytes(32).toString("base64")}`);
  const report = await resealStored(platform!.database, { mode: "rotate" });
  expect(report.unreadable).toBeGreaterThan(0);
  const response = await api.get(`/persons/${written.person!.id}`);
  expect(response.status).toBe(500);
  await startWith(keyB);
}, 120_000);
