import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import {
  getCall,
  getJson,
  graphqlCall,
  graphqlFailed,
  measure,
  overRounds,
  spread,
  waitFor,
  type HttpCall,
  type Measurement,
} from "../measure";
import { personColumnsFrom } from "../people";
import { checkPlans, loggedCount, loggedStatements, mentions, type PlanFinding } from "../plans";
import { admin, freshDatabase, repositoryRoot, startPlatform, watched, type Platform } from "../platform";
import { seedScale, type ScaleData } from "../scale-data";
import { attempt, fail, joined, type Suite, type SuiteContext } from "../suite";

// Whether a request costs the same at a million persons as at ten thousand: two databases seeded
// alike (bench/src/scale-data.ts), one of each size, a production platform on each, and every request
// measured on both in alternating rounds, so the machine's noise falls on both sizes. Then the plans:
// at the big size, each list's and the search's statements as the platform sent them, explained.

const label = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`);

/** The caseworker's application screen exactly as the intake page shows it (the SQL-count test reads the same). */
const applicationScreen = readFileSync(path.join(repositoryRoot, "docs", "domains", "intake.md"), "utf8").match(
  /```graphql\n(query ApplicationScreen[\s\S]*?)```/,
)?.[1];

/** A call and the record its answer must hold. */
type Asked = HttpCall & { expected: string };
type Cell = {
  id: string;
  calls(data: ScaleData): Asked[];
  /** Throws unless the answer is the one asked for. */
  check(status: number, body: unknown, call: Asked): void;
  failedBody?(body: string): boolean;
};

const expect200 = (status: number, body: unknown) => status !== 200 && fail(`status ${status}: ${JSON.stringify(body).slice(0, 300)}`);
type Page = { items?: { id?: string }[]; total?: number };
/** A page of a few: the person (or record) asked for among them; a match count that grew with the table would not be selective. */
function fewFound(status: number, body: unknown, call: Asked) {
  expect200(status, body);
  const { items, total } = body as Page;
  if (!items?.some((item) => item.id === call.expected)) fail(`${call.expected} is not among ${JSON.stringify(items).slice(0, 300)}`);
  if (typeof total === "number" && total > 25) fail(`matched ${total}: not selective`);
}

const cells: Cell[] = [
  {
    id: "scale-by-id",
    // Every one of 10,000 persons: at 10,000 the whole table, at a million one in a hundred.
    calls: (data) => data.persons.map((person) => ({ ...getCall(`/persons/${person.id}`), expected: person.id })),
    check(status, body, call) {
      expect200(status, body);
      if ((body as { id?: string }).id !== call.expected) fail(`asked for ${call.expected}, got ${JSON.stringify(body).slice(0, 200)}`);
    },
  },
  {
    id: "scale-selective-q",
    // An e-mail address and a surname name one person at any size (a city and a surname match a hundred
    // times more at a million): addresses some other person's address holds are left out at each size.
    calls: (data) =>
      data.persons
        .filter((person) => person.emailHeldAlone)
        .slice(0, 2_000)
        .map((person) => ({
          ...getCall(`/persons?q=${encodeURIComponent(`email:${person.email} name.lastName:${person.lastName}`)}`),
          expected: person.id,
        })),
    check: fewFound,
  },
  {
    id: "scale-search",
    // A caseworker's words: an e-mail address, or a surname with a phone number.
    calls: (data) =>
      data.persons.slice(0, 2_000).map((person, index) => ({
        ...getCall(
          `/platform/search?q=${encodeURIComponent(index % 2 && person.email ? person.email : `${person.lastName} ${person.phone}`)}`,
        ),
        expected: person.id,
      })),
    check: fewFound,
  },
  {
    id: "scale-application-screen",
    calls: (data) => data.applicationIds.map((id) => ({ ...graphqlCall({ query: applicationScreen, variables: { id } }), expected: id })),
    check(status, body, call) {
      expect200(status, body);
      const { data, errors } = body as { data?: { application?: ScreenApplication }; errors?: unknown };
      if (errors) fail(`errors ${JSON.stringify(errors).slice(0, 300)}`);
      const application = data?.application;
      if (application?.id !== call.expected) fail(`asked for application ${call.expected}, got ${JSON.stringify(data).slice(0, 200)}`);
      if (!application!.members.length || application!.members.some((member) => !member.person?.attributes))
        fail("a member's person did not resolve (persons subgraph)");
      if (!application!.tasks.length) fail("the application has no review task (workflow subgraph)");
    },
    failedBody: graphqlFailed,
  },
];
type ScreenApplication = { id: string; members: { person: { attributes?: unknown } | null }[]; tasks: unknown[] };

/** The lists and the search whose plans are checked at the big size: the requests above, and the lists a caseworker pages through. */
const planned: { name: string; call(data: ScaleData): HttpCall }[] = [
  { name: "persons selective q", call: (data) => cells[1]!.calls(data)[0]! },
  { name: "search", call: (data) => cells[2]!.calls(data)[1]! },
  // As the hosts suite's caseworker mix asks for them.
  { name: "tasks list", call: () => getCall(`/workflow/tasks?q=${encodeURIComponent("status:pending programType:snap")}&sort=-createdAt`) },
  { name: "applications list", call: () => getCall(`/intake/applications?q=${encodeURIComponent("status:under_review")}`) },
  { name: "person by id", call: (data) => cells[0]!.calls(data)[0]! },
  { name: "application screen", call: (data) => cells[3]!.calls(data)[0]! },
];
/** The tables that grow with the caseload: a sequential scan of any of them is a cost that grows with it. */
const watchedTables = [
  "person",
  "workflow_task",
  "intake_application",
  "intake_application_member",
  "case",
  "case_member",
  "search_document",
];
/** Generous for a busy machine; a start no longer reads every row (the sealing sweep is recorded with the seed). */
const startSeconds = 300;
/** The dearest estimate a statement may have. A sequential scan of 1,000,000 persons is estimated at about 60,000; an index's page of 25 at a few hundred. */
const costBound = 10_000;

export const scale: Suite = async (context) => {
  const { scope, log, quick } = context;
  if (!applicationScreen) throw new Error("docs/domains/intake.md holds no ApplicationScreen query");
  const sizes = [10_000, quick ? 100_000 : 1_000_000] as const;
  const load = { connections: quick ? 10 : 50, seconds: quick ? 3 : 10, warmupSeconds: quick ? 1 : 3 };
  const rounds = quick ? 1 : 3;
  // Match keys and sealed values as the platform started with production's settings writes them (personColumnsFrom's default).
  const stored = { derived: personColumnsFrom(repositoryRoot) };
  const seeded: { size: number; url: string; client: pg.Client; data: ScaleData }[] = [];
  for (const size of sizes) {
    const database = await freshDatabase(scope);
    const data = await seedScale(database.client, database.url, stored, size);
    const { counts, seconds } = data;
    context.note(
      `${label(size)}: ${counts.persons} persons, ${counts.tasks} tasks, ${counts.applications} applications (${counts.members} members), ${counts.cases} cases, ${counts.documents} search documents, ${data.persons.filter((person) => person.emailHeldAlone).length} of the ${data.persons.length} asked-for persons' addresses held by them alone; COPY ${seconds.rows.toFixed(0)} s, indexes ${seconds.indexes.toFixed(0)} s, search documents ${seconds.documents.toFixed(0)} s (load average ${os.loadavg()[0]!.toFixed(1)})`,
    );
    seeded.push({ size, ...database, data });
  }
  const [small, big] = seeded as [(typeof seeded)[0], (typeof seeded)[0]];

  await checkPlansAt(context, big);

  context.note(
    `${rounds} round(s) of ${load.warmupSeconds} s warm-up + ${load.seconds} s per size, the sizes' order alternating; ${load.connections} connections; a production platform on each database, started once, after its start-up search catch-up`,
  );
  const platforms: Platform[] = [];
  for (const { url, client } of seeded) {
    platforms.push(await startPlatform(scope, url, { startSeconds }));
    await searchCatchUpDone(client);
  }
  for (const cell of cells) {
    const sides = seeded.map(({ size, data }, index) => ({ size, platform: platforms[index]!, calls: cell.calls(data) }));
    const measured = await attempt(context, [{ scenario: cell.id, variant: `${label(big.size)} ÷ ${label(small.size)}` }], async () => {
      for (const side of sides)
        for (const index of [0, side.calls.length - 1]) {
          const call = side.calls[index]!;
          const { status, body } = await getJson(side.platform.graphqlBase + call.path, {
            ...call,
            headers: { ...call.headers, ...admin },
          });
          try {
            cell.check(status, body, call);
          } catch (error) {
            throw new Error(`${label(side.size)}: ${call.method} ${call.path}: ${(error as Error).message}`);
          }
        }
      const passes = sides.map((): Measurement[] => []);
      for (let round = 1; round <= rounds; round++) {
        // Big first in odd rounds, small first in even ones.
        for (const index of round % 2 ? [1, 0] : [0, 1]) {
          const side = sides[index]!;
          const pass = await watched(platforms, () => measure(side.platform.graphqlBase, side.calls, load, admin, cell.failedBody));
          if (pass.errors) throw new Error(`${label(side.size)}: ${pass.errors} errors (${pass.errorDetail})`);
          log(
            `${cell.id} ${label(side.size)} #${round}: ${pass.requestsPerSecond.toFixed(0)} req/s, p50 ${pass.p50} ms, p99 ${pass.p99} ms`,
          );
          passes[index]!.push(pass);
        }
      }
      return passes;
    });
    if (!measured) continue;
    const [atSmall, atBig] = [overRounds(measured[0]!), overRounds(measured[1]!)];
    const ratios = measured[1]!.map((pass, round) => pass.requestsPerSecond / measured[0]![round]!.requestsPerSecond);
    context.record({
      scenario: cell.id,
      variant: `${label(big.size)} ÷ ${label(small.size)}`,
      ours: atBig.requestsPerSecond,
      comparison: atSmall.requestsPerSecond,
      detail: joined([
        spread(ratios),
        `p99 ${atBig.p99} ms at ${label(big.size)} / ${atSmall.p99} ms at ${label(small.size)}`,
        `${sides[1]!.calls.length} calls`,
      ]),
    });
  }
};

/** Catch-up at start reads every record once (nothing is left to derive): measuring during it would charge its reads to the big size. */
async function searchCatchUpDone(client: pg.Client): Promise<void> {
  let quiet = 0;
  const done = await waitFor(
    async () => {
      const { rowCount } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'
           AND (query LIKE '%WITH batch AS MATERIALIZED%' OR query LIKE '%search_document catch-up%')`,
      );
      quiet = rowCount ? 0 : quiet + 1;
      return quiet >= 4;
    },
    600_000,
    500,
  );
  if (!done) throw new Error("the platform's search catch-up still ran 10 minutes after its start");
}

/**
 * The platform started with its statement log (bench/src/statement-log-process.ts) on the big
 * database; each planned request sent once; every read it sent explained. A cell is invalid when a
 * plan reads a watched table sequentially, missed when its dearest estimate passes the bound.
 */
async function checkPlansAt(context: SuiteContext, big: { size: number; url: string; client: pg.Client; data: ScaleData }) {
  const file = path.join(os.tmpdir(), `pap-bench-statements-${process.pid}.jsonl`);
  rmSync(file, { force: true });
  context.scope.defer(async () => rmSync(file, { force: true }));
  const variants = planned.map(({ name }) => ({ scenario: "scale-plans", variant: `${name} at ${label(big.size)}` }));
  const platform = await attempt(context, variants, () =>
    startPlatform(context.scope, big.url, {
      entry: path.join(repositoryRoot, "bench", "dist", "statement-log-process.js"),
      env: { STATEMENT_LOG: file },
      startSeconds,
    }),
  );
  if (!platform) return;
  await searchCatchUpDone(big.client);
  for (const [index, request] of planned.entries()) {
    const variant = variants[index]!;
    await attempt(context, [variant], async () => {
      const call = request.call(big.data);
      const before = loggedCount(file);
      const { status, body } = await getJson(platform.graphqlBase + call.path, { ...call, headers: { ...call.headers, ...admin } });
      if (status !== 200 || graphqlFailed(JSON.stringify(body))) fail(`status ${status}: ${JSON.stringify(body).slice(0, 300)}`);
      // Only the statements over the caseload's tables: the platform's timers and consumers send others meanwhile.
      const statements = loggedStatements(file, before).filter((statement) =>
        watchedTables.some((table) => mentions(statement.sql, table)),
      );
      if (!statements.length) fail("no statement over the caseload's tables was logged");
      const findings = await checkPlans(big.client, statements, watchedTables);
      const dearest = findings.reduce((most, finding) => (finding.cost > most.cost ? finding : most));
      const sequential = findings.find((finding) => finding.seqScans.length);
      context.record({
        ...variant,
        ours: dearest.cost,
        comparison: costBound,
        detail: planDetail(findings, dearest),
        ...(sequential && {
          invalid: `Seq Scan on ${sequential.seqScans.join(", ")} in ${sequential.sql.replace(/\s+/g, " ").slice(0, 160)}`,
        }),
      });
    });
  }
  await platform.stop();
}

/** The dearest statement's top node and the scans under it; how many reads were explained (each planned for its values and prepared). */
function planDetail(findings: PlanFinding[], dearest: PlanFinding): string {
  return joined([
    `${findings.length / 2} read(s) explained, custom and prepared`,
    `dearest (planned ${dearest.planned}): ${dearest.top} over ${dearest.scans.join(", ") || "no table"}`,
    dearest.cost > costBound && `in ${dearest.sql.replace(/\s+/g, " ").slice(0, 300)}`,
  ]);
}
