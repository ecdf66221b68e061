// The embedded engine is the one every newcomer runs (`npm start` without DATABASE_URL), so its lists
// must answer exactly as PostgreSQL's. Rows are written once, through the REST API, on PostgreSQL; an
// embedded platform migrates its store at start as `npm start` does (PGlite learns the array types of
// the enums the migrations made only when told to: `status:pending` once answered 422 there) and is
// then given the very same rows; and every list route of the REST surface is asked the same
// questions on both, every form of the query language over every field it declares, each sort both
// ways, and pages, the answers compared whole (status and body).
import { domains } from "@pap/gateway";
import { ManualClock } from "@pap/core";
import type { FieldDef, ListSpec } from "@pap/kernel/list";
import type { RestRoute } from "@pap/kernel/rest";
import { copyRows } from "../support/engines";
import { recordKinds, recordOn, recordRefsOn } from "../support/intake-fixtures";
import * as fixtures from "../support/list-fixtures";
import { createTestDatabase, httpClient, startTestPlatform, type TestPlatform } from "../support/platform";
import { expectStatus } from "../support/expectations";

let postgres: TestPlatform;
let embedded: TestPlatform;
/** One clock for both, standing still while they are compared (metrics say when they were computed), a second forward for each write. */
const clock = new ManualClock("2026-11-02T09:00:00.000Z");
const onPostgres = httpClient(() => postgres.url);
/** Writes on PostgreSQL, each a second after the one before, so the rows' instants sort as they were written. */
const writer = {
  post: (route: string, body?: unknown) => (clock.advance(1000), onPostgres.post(route, body)),
  raw: (method: string, route: string, body?: unknown) => (clock.advance(1000), onPostgres.raw(method, route, body)),
};
const onEmbedded = httpClient(() => embedded.url);

/** Every list of the REST surface: a GET route that takes the list parameters. */
const listRoutes: { route: RestRoute; spec: ListSpec }[] = domains.flatMap((domain) =>
  domain
    .restRoutes({ platformBasePath: "/platform" })
    .flatMap((route) => (route.method === "GET" && route.docs.list ? [{ route, spec: route.docs.list }] : [])),
);

/** A record written for the comparison (a singleton's upsert answers 200). */
const seeded = (path: string, body: unknown) => expectStatus(writer.post(path, body), [201, 200], `seeding ${path}`);

/** Something in every list: the list fixtures, cases, accounts, an application with every household record, one submitted and decided, a filed document. */
async function seedEveryList(): Promise<void> {
  await fixtures.seedPersons(writer);
  await fixtures.seedTasks(writer);
  await fixtures.seedAppointments(writer);
  await fixtures.seedApplications(writer);

  const [first, second] = (await onPostgres.get("/persons?limit=2")).body.items;
  await seeded("/case-management/cases", {
    status: "active",
    effectiveStartDate: "2025-01-15",
    primaryApplicantId: first.id,
    members: [
      { personId: first.id, relationship: "self" },
      { personId: second.id, relationship: "spouse" },
    ],
  });
  await seeded("/case-management/cases", {
    status: "closed",
    effectiveStartDate: "2024-06-01",
    effectiveEndDate: "2024-12-31",
    primaryApplicantId: second.id,
  });
  await seeded("/identity-access/users", {
    idpSubject: "engines|worker",
    email: "worker@example.org",
    name: "Wanda Worker",
    roles: ["case_worker"],
    counties: ["17167"],
  });
  await seeded("/identity-access/users", { idpSubject: "engines|lead", email: "lead@example.org", role: "supervisor" });

  const household = await seeded("/intake/applications", { programs: ["snap", "medicaid"], channel: "online" });
  const refs = await recordRefsOn(writer.raw, household.id);
  for (const kind of recordKinds) await recordOn(writer.raw, household.id, kind, refs);

  const filed = await seeded("/intake/applications", { programs: ["snap", "medicaid"], channel: "in_person" });
  const base = `/intake/applications/${filed.id}`;
  const member = await seeded(`${base}/members`, {
    roles: ["primary_applicant"],
    programsAppliedFor: ["snap", "medicaid"],
    contact: {
      name: { firstName: "Rosa", lastName: "Walker" },
      primaryAddress: { addressLine1: "9 Elm St", city: "Springfield", state: "IL", zip: "62701" },
    },
    personalInformation: { ssn: "123-45-6782", dateOfBirth: "1985-02-03" },
  });
  await seeded(`${base}/incomes`, { memberId: member.id, type: "employed", amount: 320, frequency: "monthly" });
  await seeded(`${base}/signatures`, {
    signer: { type: "member", id: member.id, role: "applicant" },
    purpose: "application",
    signedAt: "2026-11-24T10:00:00Z",
    signatureMethod: "electronic",
  });
  await seeded(`${base}/submit`, undefined);

  const form = new FormData();
  form.append("file", new Blob(["lease agreement, 12 months"]), "lease.pdf");
  form.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
  form.append("title", "Lease");
  const document = await seeded("/document-management/documents", form);
  await seeded("/document-management/document-links", { documentId: document.id, subjectType: "application", subjectId: filed.id });
}

/** Entries of the audit trail as the platform writes them: three callers, two kinds of record, one of them the agency door's. */
async function seedAuditEntries(platform: TestPlatform): Promise<void> {
  const [first, second] = (await onPostgres.get("/persons?limit=2")).body.items;
  const entries = [
    {
      actorId: "worker-1",
      actorRoles: ["case_worker"],
      recordType: "Person",
      recordIds: [first.id, second.id],
      fields: ["attributes.ssn"],
    },
    { actorId: "worker-2", actorRoles: ["supervisor"], recordType: "Person", recordIds: [first.id], fields: ["attributes.dateOfBirth"] },
    {
      actorId: "data-exchange:agency-adapters",
      actorRoles: ["agency_adapter"],
      recordType: "ApplicationMember",
      recordIds: [second.id],
      fields: ["ssn"],
    },
  ];
  for (const [index, entry] of entries.entries()) {
    await platform.database.prisma.auditEntry.create({
      data: {
        ...entry,
        actorKind: index === 2 ? "service_account" : "user",
        readings: Object.fromEntries(entry.recordIds.map((id) => [id, entry.fields])),
        occurredAt: new Date(Date.parse("2026-11-02T10:00:00.000Z") + index * 60_000),
        traceId: `${index}`.padStart(32, "a"),
        channel: index === 2 ? "agency" : "graph",
      },
    });
  }
}

beforeAll(async () => {
  // The audit trail records each engine's own reads, which differ: it is off on both, and the entries
  // compared are written once, on PostgreSQL, and copied like every other row.
  const auditing = process.env.AUDIT_SENSITIVE_READS;
  process.env.AUDIT_SENSITIVE_READS = "false";
  try {
    postgres = await startTestPlatform("list_engines", {
      database: { kind: "postgres", url: await createTestDatabase("list_engines"), poolSize: 5 },
      clock,
    });
    await seedEveryList();
    await seedAuditEntries(postgres);
    await postgres.settle();
    // Migrated at start, in the process that then reads it, as `npm start` migrates a fresh checkout's store.
    embedded = await startTestPlatform("list_engines_embedded", { database: { kind: "pglite", dataDir: "memory" }, clock });
  } finally {
    if (auditing === undefined) delete process.env.AUDIT_SENSITIVE_READS;
    else process.env.AUDIT_SENSITIVE_READS = auditing;
  }
  if (postgres.database.config.kind !== "postgres") throw new Error("the comparison needs the PostgreSQL platform first");
  await copyRows(postgres.database.config.url, embedded.database.pglite!);
  await embedded.settle();
}, 600_000);

afterAll(async () => {
  await embedded?.close();
  await postgres?.close();
});

/** The values a field holds in the items (a dotted name walks nested objects and arrays), most common first. */
function valuesOf(items: readonly Record<string, unknown>[], field: string): unknown[] {
  const counts = new Map<string, { value: unknown; count: number }>();
  const visit = (value: unknown, keys: readonly string[]) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, keys));
    if (keys.length === 0) {
      if (value === null || value === undefined || typeof value === "object") return;
      const key = JSON.stringify(value);
      counts.set(key, { value, count: (counts.get(key)?.count ?? 0) + 1 });
      return;
    }
    if (value && typeof value === "object") visit((value as Record<string, unknown>)[keys[0]!], keys.slice(1));
  };
  for (const item of items) visit(item, field.split("."));
  return [...counts.values()].sort((a, b) => b.count - a.count).map((entry) => entry.value);
}

const plainText = (value: unknown) =>
  String(value)
    .replace(/[\s,:"*\\-]+/g, " ")
    .trim()
    .split(" ")[0] ?? "";

/** Every form of the query language on one field, with values the rows hold. */
function formsFor(field: string, definition: FieldDef, items: readonly Record<string, unknown>[]): string[] {
  const forms = [`${field}:*`, `-${field}:*`];
  const [value, other] = valuesOf(items, field);
  switch (definition.kind) {
    case "string": {
      const text = plainText(value ?? "a");
      forms.push(`${field}:${text}`, `-${field}:${text}`, `${field}:${text.slice(0, 2)}*`, `${field}:*${text.slice(-2)}`);
      if (other !== undefined) forms.push(`${field}:${text},${plainText(other)}`);
      break;
    }
    case "enum": {
      const values = definition.values ?? [];
      forms.push(
        `${field}:${String(value ?? values[0])}`,
        `-${field}:${String(value ?? values[0])}`,
        `${field}:${values.slice(0, 3).join(",")}`,
      );
      break;
    }
    case "uuid":
      if (value !== undefined) forms.push(`${field}:${String(value)}`, `-${field}:${String(value)}`);
      break;
    case "datetime":
    case "date": {
      const instant = String(value ?? "2026-01-01");
      forms.push(`${field}:>${instant}`, `${field}:<=${instant}`, `${field}:${instant.slice(0, 10)}`, `${field}:>2020-01-01`);
      break;
    }
    case "integer":
    case "number": {
      const number = Number(value ?? 1);
      forms.push(`${field}:${number}`, `${field}:>${number}`, `${field}:<=${number}`, `${field}:${number},${number + 1}`);
      break;
    }
    case "boolean":
      forms.push(`${field}:true`, `${field}:false`, `-${field}:true`);
      break;
    case "tags":
      if (value !== undefined)
        forms.push(`${field}:${String(value)}`, `${field}:${[value, other].filter((v) => v !== undefined).join(",")}`);
      break;
    case "json":
      break;
  }
  return forms;
}

/** The questions one list is asked: the fixtures' own, every field's forms, bare terms, each sort both ways, pages. */
function questionsFor(
  spec: ListSpec,
  items: readonly Record<string, unknown>[],
  own: { queries: readonly string[]; sorts: readonly (string | undefined)[] },
): Record<string, string | number>[] {
  const queries = new Set<string>(["", ...own.queries]);
  for (const [field, definition] of Object.entries(spec.fields)) for (const form of formsFor(field, definition, items)) queries.add(form);
  const term = spec.fullText.map((field) => valuesOf(items, field)[0]).find((value) => value !== undefined);
  if (term !== undefined) {
    const word = plainText(term);
    queries
      .add(word)
      .add(`-${word}`)
      .add(`${word.slice(0, 3)}*`);
  }
  const sorts = new Set<string | undefined>([undefined, ...own.sorts, ...spec.sortable.flatMap((field) => [field, `-${field}`])]);
  const questions: Record<string, string | number>[] = [];
  for (const q of queries) questions.push({ q, limit: 100 });
  for (const sort of sorts) if (sort) questions.push({ sort, limit: 100 }, { sort, limit: 3, offset: 2 });
  questions.push({ limit: 5, offset: 0 }, { limit: 5, offset: 5 }, { limit: 5, offset: 400 });
  return questions;
}

const fixtureQuestions: Record<string, { queries: readonly string[]; sorts: readonly (string | undefined)[] }> = {
  "/persons": { queries: fixtures.personQueries, sorts: fixtures.personSorts },
  "/workflow/tasks": { queries: fixtures.taskQueries, sorts: fixtures.taskSorts },
  "/scheduling/appointments": { queries: fixtures.appointmentQueries, sorts: fixtures.appointmentSorts },
  "/intake/applications": { queries: fixtures.applicationQueries, sorts: fixtures.applicationSorts },
};

/** The route's path with its parent filled in: the parent whose list holds the most rows. */
async function concretePaths(route: RestRoute): Promise<string[]> {
  const parent = /\{(\w+)\}/.exec(route.path);
  if (!parent) return [route.path];
  const parents: Record<string, string> = { applicationId: "/intake/applications", determinationId: "/eligibility/determinations" };
  const ids: string[] = (await onPostgres.get(`${parents[parent[1]!]}?limit=100`)).body.items.map((item: { id: string }) => item.id);
  let best = { path: route.path.replace(parent[0], ids[0]!), total: -1 };
  for (const id of ids) {
    const candidate = route.path.replace(parent[0], id);
    const total = (await onPostgres.get(`${candidate}?limit=1`)).body.total as number;
    if (total > best.total) best = { path: candidate, total };
  }
  return [best.path];
}

it("holds the same rows on both engines", async () => {
  for (const listPath of [
    "/persons",
    "/workflow/tasks",
    "/intake/applications",
    "/platform/events",
    "/data-exchange/service-calls",
    "/eligibility/determinations",
  ]) {
    const [a, b] = await Promise.all([onPostgres.get(`${listPath}?limit=1`), onEmbedded.get(`${listPath}?limit=1`)]);
    expect({ listPath, status: b.status, total: b.body.total }).toEqual({ listPath, status: 200, total: a.body.total });
    expect({ listPath, total: a.body.total > 0 }).toEqual({ listPath, total: true });
  }
});

describe.each(listRoutes.map(({ route, spec }) => [route.path, route, spec] as const))("GET %s", (_path, route, spec) => {
  it("answers every query, sort and page on the embedded engine exactly as on PostgreSQL", async () => {
    for (const concrete of await concretePaths(route)) {
      const all = await onPostgres.get(`${concrete}?limit=100`);
      expect({ concrete, status: all.status }).toEqual({ concrete, status: 200 });
      const differences: unknown[] = [];
      for (const question of questionsFor(spec, all.body.items, fixtureQuestions[route.path] ?? { queries: [], sorts: [] })) {
        const url = `${concrete}?${new URLSearchParams(Object.entries(question).map(([key, value]): [string, string] => [key, String(value)]))}`;
        const [expected, actual] = await Promise.all([onPostgres.get(url), onEmbedded.get(url)]);
        if (JSON.stringify([actual.status, actual.body]) !== JSON.stringify([expected.status, expected.body])) {
          differences.push({ url, postgres: [expected.status, expected.body], embedded: [actual.status, actual.body] });
        }
      }
      expect(differences).toEqual([]);
    }
  }, 300_000);
});
