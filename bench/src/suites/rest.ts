import type pg from "pg";
import { canonical, compared, measureRounds, sameAnswers, type Side } from "../compare";
import { getCall, graphqlCall, graphqlFailed, overRounds, type Calls, type HttpCall, type Load, type Measurement } from "../measure";
import { growPeople, personColumnsFrom, seedPeople, type SeededData } from "../people";
import { deriveFromSeededRows, eventsNumbered, freshDatabase, repositoryRoot, startFloor, startPlatform, type ModeName } from "../platform";
import { scenarioOf } from "../scenarios";
import { attempt, fail, joined, type Suite } from "../suite";

// The REST surface against the floor (bench/src/floor/); then the data grows tenfold and everything runs again.

type Cell = {
  id: string;
  /** Sent to the GraphQL endpoint, not the REST one. */
  graphql?: boolean;
  /** Measured on the floor too; otherwise against the floor's read by id. */
  paired: boolean;
  /** Its own load's connections, whatever the preset's: a goal stated at so many. */
  connections?: number;
  /** It creates persons: afterwards each must be stored with its event and search document. */
  creates?: boolean;
  /** The calls to cycle through; one call that never changes would measure a single hot row. */
  calls(data: SeededData): Calls;
  /** Throws unless the answer is what a correct server returns, so a fast wrong answer cannot pass. */
  check(status: number, body: unknown, call: HttpCall): void;
  /** A 2xx that still is not the answer (GraphQL's errors, a create without its record). */
  failedBody?(body: string): boolean;
};

const expect200 = (status: number, body: unknown) => status !== 200 && fail(`status ${status}: ${JSON.stringify(body).slice(0, 300)}`);
// Enough distinct ids that the load reads across the table rather than re-serving a handful of rows.
const rotating = (ids: readonly string[]) =>
  ids.filter((_, index) => index % Math.max(1, Math.floor(ids.length / 2_000)) === 0).slice(0, 2_000);

type ListedPerson = { name?: { lastName?: string }; address?: { city?: string } };
const has = (text: string | undefined, part: string) => !!text?.toLowerCase().includes(part);

/** A person list: the page is the first 25 (or all) of `total`, each item matching; `broad` means more than a page. */
function personList(id: string, q: string, matches: (person: ListedPerson) => boolean, broad: boolean): Cell {
  return {
    id,
    paired: true,
    // The lists' goal is their p99 at 50 connections, in the quick preset too.
    connections: 50,
    calls: () => [getCall(`/persons?q=${encodeURIComponent(q)}`)],
    check(status, body) {
      expect200(status, body);
      const { items, total } = body as { items?: ListedPerson[]; total?: number };
      if (!items?.length || typeof total !== "number") fail(`no persons matched ${q}`);
      if (items!.length !== Math.min(25, total!)) fail(`expected a page of ${Math.min(25, total!)} of ${total}, got ${items!.length}`);
      if (broad ? total! <= 25 : total! > 500) fail(`a ${broad ? "broad" : "selective"} filter matched ${total}`);
      const wrong = items!.find((item) => !matches(item));
      if (wrong) fail(`${JSON.stringify(wrong).slice(0, 200)} does not match ${q}`);
    },
  };
}

// Shared by every run of the create cell, so no two requests of the run send the same person.
let personsSent = 0;
/** Each distinct, none matching the list cells' filters. */
const newPerson = (n: number): HttpCall => ({
  method: "POST",
  path: "/persons",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    name: { firstName: `Load${n}`, lastName: `Loadtest${n}` },
    dateOfBirth: `19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 10}`,
    email: `load${n}@bench.example`,
    address: { line1: `${n} Bench St`, city: "Springfield", state: "IL", postalCode: "62701" },
    preferredLanguage: "en",
  }),
});

type AsSeeded = { id?: string; name?: { lastName?: string }; createdAt?: string; updatedAt?: string; status?: string; queueId?: string };
type SeededRecord = AsSeeded & { primaryApplicantId?: string; members?: { personId: string }[] };
type IdList = "personIds" | "caseIds" | "taskIds";

/** A read by id, 2,000 ids in rotation: each answer the record asked for, as seeded. */
function byId(id: string, paired: boolean, ids: IdList, path: string, asSeeded: (record: SeededRecord) => unknown): Cell {
  return {
    id,
    paired,
    calls: (data) => rotating(data[ids]).map((key) => getCall(`${path}/${key}`)),
    check(status, body, call) {
      expect200(status, body);
      const record = body as SeededRecord;
      if (!call.path.endsWith(`/${record.id}`)) fail(`asked for ${call.path}, got id ${record.id}`);
      if (!asSeeded(record)) fail(`not as seeded: ${JSON.stringify(body).slice(0, 300)}`);
    },
  };
}

const linkedCases = `{ cases(limit: 25, q: "status:active") { items { id members { relationship person { id attributes appointments { startAt } } } primaryApplicant { attributes } } } }`;
type LinkedPerson = { attributes: unknown; appointments: unknown[] } | null;
type LinkedCase = { members: { person: LinkedPerson }[]; primaryApplicant: { attributes: unknown } | null };

const cells: Cell[] = [
  byId("person-by-id", true, "personIds", "/persons", (person) => person.name?.lastName && person.createdAt && person.updatedAt),
  personList(
    "persons-selective",
    "address.city:Fresno name.lastName:Garcia",
    (p) => has(p.address?.city, "fresno") && has(p.name?.lastName, "garcia"),
    false,
  ),
  personList("persons-broad", "address.city:Houston", (p) => has(p.address?.city, "houston"), true),
  personList("persons-prefix", "name.lastName:smi*", (p) => !!p.name?.lastName?.toLowerCase().startsWith("smi"), true),
  // A case must hold its primary applicant among its members.
  byId("case-by-id", false, "caseIds", "/case-management/cases", (found) =>
    found.members?.some((m) => m.personId === found.primaryApplicantId),
  ),
  byId("task-by-id", false, "taskIds", "/workflow/tasks", (task) => task.status === "pending" && task.queueId),
  {
    id: "appointments-q",
    paired: false,
    calls: () => [getCall(`/scheduling/appointments?q=${encodeURIComponent("status:scheduled startAt:>2026-06-01")}&sort=-startAt`)],
    check(status, body) {
      expect200(status, body);
      const items = (body as { items?: { status: string; startAt: string }[] }).items;
      if (!items?.length) fail("no scheduled appointments after 2026-06-01");
      items!.forEach((item, index) => {
        if (item.status !== "scheduled" || item.startAt <= "2026-06-01")
          fail(`item ${index} (${item.status}, ${item.startAt}) does not match the filter`);
        if (index > 0 && item.startAt > items![index - 1]!.startAt) fail("items are not sorted by -startAt");
      });
    },
  },
  {
    id: "graphql-linked",
    graphql: true,
    paired: false,
    calls: () => [graphqlCall({ query: linkedCases })],
    check(status, body) {
      expect200(status, body);
      const result = body as { errors?: unknown[]; data?: { cases?: { items?: LinkedCase[] } } };
      if (result.errors?.length) fail(`GraphQL errors: ${JSON.stringify(result.errors).slice(0, 300)}`);
      const items = result.data?.cases?.items ?? [];
      if (items.length !== 25) fail(`expected 25 cases, got ${items.length}`);
      if (
        items.some(
          (item) =>
            !item.primaryApplicant?.attributes ||
            !item.members.length ||
            item.members.some((member) => !member.person?.attributes || !Array.isArray(member.person.appointments)),
        )
      ) {
        fail("a case's primary applicant, member person or appointments did not resolve across subgraphs");
      }
      if (!items.some((item) => item.members.some((member) => member.person!.appointments.length)))
        fail("no member has an appointment: the scheduling subgraph was not reached");
    },
    failedBody: graphqlFailed,
  },
  // Last: its new persons then change no read's table at this size.
  {
    id: "person-create",
    paired: true,
    creates: true,
    calls: () => ({ length: Number.POSITIVE_INFINITY, at: () => newPerson(personsSent++) }),
    check(status, body, call) {
      const sent = JSON.parse(call.body!) as { name: { lastName: string } };
      if (status !== 201 || (body as { name?: { lastName?: string } }).name?.lastName !== sent.name.lastName)
        fail(`status ${status}, not the person sent: ${JSON.stringify(body).slice(0, 300)}`);
    },
    failedBody: (body) => !body.includes('"id":"'),
  },
];

export const rest: Suite = async (context) => {
  const { scope, log, quick } = context;
  const load = { connections: quick ? 10 : 50, seconds: quick ? 3 : 4, warmupSeconds: 1 };
  const rounds = quick ? 1 : 2;
  const sizes = [10_000, quick ? 20_000 : 100_000];
  const label = (size: number) => `${size / 1000}k`;
  const { url, client: db } = await freshDatabase(scope);
  const derived = personColumnsFrom(repositoryRoot);
  // Mean req/s by size, mode, cell and side: what the growth compares.
  const rates = new Map<string, number>();
  let data: SeededData | undefined;
  for (const size of sizes) {
    const seeding = Date.now();
    data = await growPeople(db, data ?? (await seedPeople(db, derived)), derived, size);
    const seeded = (Date.now() - seeding) / 1000;
    // Before the platform starts, as a deployment holds them; vacuumed, so autovacuum does not take them on mid-run.
    const documents = await deriveFromSeededRows(url);
    await db.query("VACUUM (ANALYZE) search_document");
    const { counts } = data;
    context.note(
      `${label(size)}: ${counts.persons} persons, ${counts.tasks} tasks, ${counts.cases} cases (${counts.caseMembers} members), ${counts.appointments} appointments, written by SQL in ${seeded.toFixed(1)} s, search documents derived in ${documents.toFixed(1)} s; ${rounds} round(s) of ${load.warmupSeconds} s warm-up + ${load.seconds} s per side, ${load.connections} connections`,
    );
    const floor = await startFloor(scope, url);
    for (const mode of context.modes) {
      const variant = `${label(size)} ${mode}`;
      const everyCell = cells.map((cell) => ({ scenario: cell.id, variant }));
      const platform = await attempt(context, everyCell, () => startPlatform(scope, url, { mode }));
      if (!platform) continue;
      log(`${variant}: platform ready`);
      for (const cell of cells) {
        const sides: Side[] = [
          { name: "ours", base: cell.graphql ? platform.graphqlBase : platform.restBase, watch: [platform] },
          ...(cell.paired ? [{ name: "floor", base: floor.base, watch: [floor] }] : []),
        ];
        const cellLoad = cell.connections ? { ...load, connections: cell.connections } : load;
        const measured = await attempt(context, [{ scenario: cell.id, variant }], () =>
          measureCell(cell, sides, data!, { load: cellLoad, rounds, db, log: (line) => log(`${variant} ${cell.id} ${line}`) }),
        );
        if (!measured) continue;
        const [ours, floorPasses] = measured.passes;
        const byP99 = scenarioOf(cell.id).figure === "p99 ms";
        const figures = floorPasses
          ? compared(ours!, floorPasses, byP99 ? (m) => m.p99 : undefined)
          : { ours: overRounds(ours!), theirs: undefined, rounds: undefined, spread: "" };
        rates.set(`${size} ${mode} ${cell.id} ours`, figures.ours.requestsPerSecond);
        if (figures.theirs) rates.set(`${size} ${mode} ${cell.id} floor`, figures.theirs.requestsPerSecond);
        const rateText = `${figures.ours.requestsPerSecond.toFixed(0)}${figures.theirs ? ` / ${figures.theirs.requestsPerSecond.toFixed(0)}` : ""} req/s`;
        const p99Text = `p99 ${figures.ours.p99} ms${figures.theirs ? ` / ${figures.theirs.p99} ms` : ""}`;
        context.record({
          scenario: cell.id,
          variant,
          ours: byP99 ? figures.ours.p99 : figures.ours.requestsPerSecond,
          comparison: byP99
            ? (figures.theirs?.p99 ?? NaN)
            : (figures.theirs?.requestsPerSecond ?? rates.get(`${size} ${mode} person-by-id floor`) ?? NaN),
          ...(figures.rounds && { rounds: figures.rounds }),
          detail: joined([
            figures.spread,
            byP99 ? rateText : p99Text,
            cellLoad.connections !== load.connections && `${cellLoad.connections} connections`,
            measured.matched !== undefined && `${measured.matched} matches`,
          ]),
        });
      }
      await platform.stop();
      if (size === sizes[0]) await measureAuditCost(context, url, data, { mode, variant }, { load, rounds, db });
    }
    await floor.stop();
  }
  for (const mode of context.modes) {
    for (const cell of cells.filter((candidate) => candidate.paired)) {
      const growth = (side: string) =>
        rates.get(`${sizes[1]} ${mode} ${cell.id} ${side}`)! / rates.get(`${sizes[0]} ${mode} ${cell.id} ${side}`)!;
      context.record({
        scenario: "growth",
        variant: `${cell.id} ${mode} ${label(sizes[0]!)}→${label(sizes[1]!)}`,
        ours: growth("ours"),
        comparison: growth("floor"),
      });
    }
  }
};

// A broad list: a page of 25 persons, each with a date of birth, is 25 entries of the audit trail.
const auditedList = personList("persons-broad", "address.city:Houston", (p) => has(p.address?.city, "houston"), true);

/**
 * What the audit trail of sensitive reads costs a list read: the same production platform twice, one
 * keeping the trail and one started without it (AUDIT_SENSITIVE_READS=false), in turn, so noise falls
 * on both. The goal is at least 0.9 of the rate without.
 */
async function measureAuditCost(
  context: Parameters<Suite>[0],
  url: string,
  data: SeededData | undefined,
  { mode, variant }: { mode: ModeName; variant: string },
  options: { load: Load; rounds: number; db: pg.Client },
) {
  const scenario = [{ scenario: "audited-list", variant }];
  const audited = await attempt(context, scenario, () => startPlatform(context.scope, url, { mode }));
  if (!audited) return;
  const unaudited = await attempt(context, scenario, () =>
    startPlatform(context.scope, url, { mode, env: { AUDIT_SENSITIVE_READS: "false" } }),
  );
  try {
    if (!unaudited) return;
    const sides: Side[] = [
      { name: "audited", base: audited.restBase, watch: [audited] },
      { name: "unaudited", base: unaudited.restBase, watch: [unaudited] },
    ];
    const measured = await attempt(context, scenario, () =>
      measureCell(auditedList, sides, data!, { ...options, log: (line) => context.log(`${variant} audited-list ${line}`) }),
    );
    if (!measured) return;
    const figures = compared(measured.passes[0]!, measured.passes[1]!);
    context.record({
      scenario: "audited-list",
      variant,
      ours: figures.ours.requestsPerSecond,
      comparison: figures.theirs.requestsPerSecond,
      detail: joined([
        figures.spread,
        `p99 ${figures.ours.p99} ms / ${figures.theirs.p99} ms`,
        "comparison: the same platform without the audit trail",
      ]),
    });
  } finally {
    await unaudited?.stop();
    await audited.stop();
  }
}

/** The first and last call checked on each side (for a read, the floor's answers equal the platform's), then the rounds. */
async function measureCell(
  cell: Cell,
  sides: Side[],
  data: SeededData,
  options: { load: Load; rounds: number; db: pg.Client; log(line: string): void },
) {
  const calls = cell.calls(data);
  const probes = Number.isFinite(calls.length) ? [0, calls.length - 1] : [0];
  const [first] = await sameAnswers(sides, calls, probes, cell.check, cell.creates ? undefined : canonical);
  const passes = await measureRounds(sides, calls, {
    ...options,
    failedBody: cell.failedBody,
    around: cell.creates ? storedAsAnswered(options.db) : undefined,
  });
  const total = (first as { total?: unknown } | undefined)?.total;
  return { passes, matched: typeof total === "number" ? total : undefined };
}

type Tally = { persons: number; events: number; documents: number };
const tallyWrites = async (db: pg.Client) =>
  (
    await db.query<Tally>(`SELECT (SELECT count(*)::int FROM person) AS persons, (SELECT count(*)::int FROM platform_event WHERE type LIKE '%persons.person.created') AS events,
      (SELECT count(*)::int FROM search_document WHERE type = 'person') AS documents`)
  ).rows[0]!;

/** Around creates: every person answered 201 stored with its event and search document, every event numbered, however fast the answers. */
const storedAsAnswered = (db: pg.Client) => async (pass: () => Promise<Measurement>) => {
  const before = await tallyWrites(db);
  const measured = await pass();
  if (!(await eventsNumbered(db))) throw new Error("events still have no log position 10 s after the load");
  const after = await tallyWrites(db);
  const persons = after.persons - before.persons;
  if (persons !== after.events - before.events || persons !== after.documents - before.documents) {
    throw new Error(
      `${persons} persons created, but ${after.events - before.events} creation events and ${after.documents - before.documents} search documents`,
    );
  }
  // A request cut off when the load stopped may still have committed: more rows than 201s is fine, fewer is not.
  if (persons < measured.succeeded) throw new Error(`${measured.succeeded} creates answered 2xx but only ${persons} persons were stored`);
  return measured;
};
