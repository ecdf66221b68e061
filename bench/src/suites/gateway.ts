import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { canonical, compared, measureRounds, sameAnswers, type Side } from "../compare";
import { graphqlCall, graphqlFailed, measure } from "../measure";
import { personColumnsFrom, seedPeople } from "../people";
import { admin, deriveFromSeededRows, freshDatabase, portBlock, repositoryRoot, spawnServer, startPlatform } from "../platform";
import { attempt, fail, joined, type Suite } from "../suite";

// Our gateway (distributed mode's) against Hive Gateway over the same subgraph processes.

// A caseworker's screen: a page of cases with their tasks, primary applicant, and every member's person
// with appointments and open tasks (Person.tasks @requires the person's cases and appointments).
export const caseload = `query Caseload { cases(limit: 25, q: "status:active") { items { id status tasks { id name status priority } primaryApplicant { id attributes }
  members { relationship person { id attributes appointments { id startAt status } tasks(openOnly: true) { id name status } } } } } }`;
type CaseloadPerson = { attributes?: unknown; appointments?: unknown[]; tasks?: unknown[] } | null;
type CaseloadCase = { tasks: unknown[]; primaryApplicant: { attributes?: unknown } | null; members: { person: CaseloadPerson }[] };

/** Throws unless a caseload answer's data is 25 active cases resolved across the four subgraphs. */
export function checkCaseload(data: unknown): void {
  const items = (data as { cases?: { items?: CaseloadCase[] } }).cases?.items ?? [];
  if (items.length !== 25) fail(`expected 25 cases, got ${items.length}`);
  if (
    items.some(
      (item) =>
        !item.primaryApplicant?.attributes ||
        !item.members.length ||
        item.members.some((m) => !m.person?.attributes || !Array.isArray(m.person.appointments) || !Array.isArray(m.person.tasks)),
    )
  ) {
    fail("a primary applicant, member person, appointments or tasks did not resolve across subgraphs");
  }
  if (!items.some((item) => item.tasks.length)) fail("no case has a task: the workflow subgraph was not reached");
  if (!items.some((item) => item.members.some((m) => m.person!.tasks!.length)))
    fail("no member has an open task: Person.tasks (@requires) returned nothing");
}

/**
 * The caseworker's application screen as the intake page shows it (docs/domains/intake.md, the query the
 * SQL-count test reads): application → members → person → cases, its tasks, its case; seven subgraphs.
 */
export const applicationScreen = (() => {
  const text = readFileSync(path.join(repositoryRoot, "docs", "domains", "intake.md"), "utf8");
  return (
    /```graphql\n(query ApplicationScreen[\s\S]*?)```/.exec(text)?.[1] ?? fail("docs/domains/intake.md holds no ApplicationScreen query")
  );
})();

type ScreenApplication = { members?: { person?: { attributes?: unknown; cases?: unknown[] } | null }[]; tasks?: unknown[]; case?: unknown };

/** Throws unless a screen's data is the application with its members' persons and cases, its review task and its case. */
function checkApplicationScreen(data: unknown): void {
  const application = (data as { application?: ScreenApplication | null }).application;
  const members = application?.members ?? [];
  if (!members.length) fail("the application or its members did not resolve");
  if (members.some((member) => !member.person?.attributes || !member.person.cases?.length))
    fail("a member's person or their cases did not resolve across subgraphs");
  if (!application?.tasks?.length) fail("the application's review task did not resolve (workflow)");
  if (!application?.case) fail("the application's case did not resolve (case management)");
}

/** A GraphQL answer's data, the same from both gateways or not the answer; errors fail it. */
function dataOf(body: unknown): unknown {
  const { data, errors } = body as { data?: unknown; errors?: unknown };
  return errors ? fail(`errors ${JSON.stringify(errors).slice(0, 300)}`) : data;
}

const comparableData = (body: unknown) => canonical(dataOf(body));

/** Each query's bodies (the load cycles through them) and a check that throws unless its data is the answer. */
const queries: { id: string; bodies(personIds: string[], applicationIds: string[]): object[]; check(data: unknown): void }[] = [
  {
    id: "caseload",
    bodies: () => [{ query: caseload }],
    check: checkCaseload,
  },
  {
    id: "application-screen",
    // Every application in rotation: one per case, its members the case's.
    bodies: (_ids, applicationIds) => applicationIds.map((id) => ({ query: applicationScreen, variables: { id } })),
    check: checkApplicationScreen,
  },
  {
    id: "person-query",
    // 2,000 ids in rotation, so the load reads across the table.
    bodies: (ids) =>
      ids
        .filter((_, index) => index % 5 === 0)
        .map((id) => ({ query: `query Person($id: ID!) { person(id: $id) { id attributes createdAt updatedAt } }`, variables: { id } })),
    check: (data) => (data as { person?: { attributes?: unknown } }).person?.attributes || fail("person(id) returned no person"),
  },
];

export const gateway: Suite = async (context) => {
  const { scope, log, quick } = context;
  const load = { connections: quick ? 10 : 50, seconds: quick ? 3 : 10, warmupSeconds: quick ? 2 : 3 };
  const rounds = quick ? 1 : 2;
  const database = await freshDatabase(scope);
  const data = await seedPeople(database.client, personColumnsFrom(repositoryRoot));
  const applicationIds = await seedApplications(database.client);
  const tasks = await seedTasks(database.client);
  const documents = await deriveFromSeededRows(database.url);
  context.note(
    `${data.counts.persons} persons, ${data.counts.cases} cases, ${applicationIds.length} applications (one per case, its members the case's), ${data.counts.appointments} appointments, ${tasks} tasks, their search documents derived in ${documents.toFixed(1)} s; ${rounds} round(s) of ${load.warmupSeconds} s warm-up + ${load.seconds} s per gateway, ${load.connections} connections`,
  );

  // Hive has no per-caller limit (production's is off anyway); seven subgraph processes with the
  // default pool of 20 would outgrow PostgreSQL's 100 connections under load.
  const platform = await startPlatform(scope, database.url, {
    mode: "distributed",
    env: { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "8" },
  });
  const subgraphUrls = Object.fromEntries(
    [...platform.output().matchAll(/^\s+subgraph (\S+)\s+(http:\/\/\S+)\s*$/gm)].map((match) => [match[1]!, match[2]!]),
  );
  if (!Object.keys(subgraphUrls).length) throw new Error(`the distributed launcher's banner lists no subgraph URLs:\n${platform.output()}`);
  const port = await portBlock();
  const hive = await spawnServer(scope, {
    name: "hive",
    args: [path.join(__dirname, "hive-process.js")],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SUPERGRAPH_PATH: path.join(repositoryRoot, "gateway", "supergraph.graphql"),
      SUBGRAPH_URLS: JSON.stringify(subgraphUrls),
    },
    probes: [],
    banner: /hive gateway listening/,
  });
  context.note(
    `ours: Apollo Server over \`@apollo/gateway\` in distributed mode (GATEWAY_WORKERS ${process.env.GATEWAY_WORKERS ?? "default"}); Hive: \`@graphql-hive/gateway\` with \`@graphql-hive/router-runtime\`, ${Object.keys(subgraphUrls).length} subgraph processes shared`,
  );
  const servers = [platform, hive];
  const sides: Side[] = [
    { name: "ours", base: platform.graphqlBase, watch: servers },
    { name: "hive", base: `http://127.0.0.1:${port}`, watch: servers },
  ];

  for (const query of queries) {
    const calls = query.bodies(data.personIds, applicationIds).map(graphqlCall);
    const measured = await attempt(context, [{ scenario: query.id }], async () => {
      // The first, the last and a spread between: a faster gateway that drops a field or a hop would win on a wrong result.
      const sample = [0, calls.length - 1, ...Array.from({ length: 8 }, (_, index) => Math.floor((index * calls.length) / 8))];
      await sameAnswers(sides, calls, sample, (_status, body) => query.check(dataOf(body)), comparableData);
      // Both gateways and every subgraph start cold (JIT, pools, plan caches): one unreported pass on
      // each first, or the first gateway measured would pay for both.
      for (const side of sides)
        await measure(side.base, calls, { ...load, seconds: load.warmupSeconds * 2, warmupSeconds: 0 }, admin, graphqlFailed).catch(
          (error: Error) => log(`${query.id} ${side.name} warm-up: ${error.message}`),
        );
      const logged = (line: string) => log(`${query.id} ${line}`);
      return measureRounds(sides, calls, { load, rounds, alternate: true, failedBody: graphqlFailed, log: logged });
    });
    if (!measured) continue;
    const { ours, theirs, spread } = compared(measured[0]!, measured[1]!);
    context.record({
      scenario: query.id,
      ours: ours.requestsPerSecond,
      comparison: theirs.requestsPerSecond,
      detail: joined([spread, `p99 ${ours.p99} / ${theirs.p99} ms`]),
    });
  }
};

/**
 * One submitted application per case, its members the case's members (the first the primary applicant),
 * linked to the case, each with a review task: what a caseworker's application screen walks.
 */
export async function seedApplications(db: pg.Client): Promise<string[]> {
  const applicationOf = `md5('application-' || c.id::text)::uuid`;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO intake_application (id, status, programs, channel, "submittedAt", "applicantFirstName", "applicantLastName", "createdAt", "updatedAt")
     SELECT ${applicationOf}, 'submitted', ARRAY['snap', 'medicaid'], 'online', c."createdAt", p."firstName", p."lastName", c."createdAt", c."updatedAt"
     FROM "case" c JOIN person p ON p.id = c."primaryApplicantId" ORDER BY c.id RETURNING id::text`,
  );
  await db.query(
    `INSERT INTO intake_application_member (id, "applicationId", roles, "programsAppliedFor", "personId", "createdAt", "updatedAt")
     SELECT md5('member-' || m."caseId"::text || '-' || m.position)::uuid, md5('application-' || m."caseId"::text)::uuid,
       CASE WHEN m.position = 0 THEN ARRAY['primary_applicant'] ELSE ARRAY['household_member'] END, ARRAY['snap'], m."personId", now(), now()
     FROM case_member m`,
  );
  await db.query(`INSERT INTO case_application ("applicationId", "caseId") SELECT ${applicationOf}, c.id FROM "case" c`);
  await db.query(
    `INSERT INTO workflow_task (id, name, status, "taskType", "subjectType", "subjectId", priority, "createdAt", "updatedAt")
     SELECT md5('review-' || c.id::text)::uuid, 'Review application', 'pending', 'application_review', 'application', ${applicationOf}, 2, now(), now()
     FROM "case" c`,
  );
  return rows.map((row) => row.id);
}

/** Two tasks per active case and one per other appointment, statuses and priorities spread so their order matters. */
export async function seedTasks(db: pg.Client): Promise<number> {
  const statuses = `(ARRAY['pending','in_progress','awaiting_client','completed','escalated'])[1 + (n % 5)]::"TaskStatus"`;
  const insert = `INSERT INTO workflow_task (id, name, status, "taskType", "subjectType", "subjectId", priority, "createdAt", "updatedAt")`;
  const forCases = await db.query(
    `${insert} SELECT gen_random_uuid(), 'Review case ' || left(c.id::text, 8), ${statuses}, 'case_review', 'case', c.id, 1 + (n % 4), now() - make_interval(hours => n), now() - make_interval(hours => n)
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM "case" WHERE status = 'active') AS c CROSS JOIN LATERAL (SELECT (c.rn * 2 + k)::int AS n FROM generate_series(0, 1) AS k) AS numbered`,
  );
  const forAppointments = await db.query(
    `${insert} SELECT gen_random_uuid(), 'Prepare appointment', ${statuses}, 'appointment_prep', 'appointment', a.id, 1 + (n % 4), now() - make_interval(mins => n), now() - make_interval(mins => n)
     FROM (SELECT id, (row_number() OVER (ORDER BY id))::int AS n FROM appointment) AS a WHERE n % 2 = 0`,
  );
  return (forCases.rowCount ?? 0) + (forAppointments.rowCount ?? 0);
}
