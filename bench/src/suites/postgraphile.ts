import { canonical, compared, measureRounds, sameAnswers, type Side } from "../compare";
import { graphqlCall, graphqlFailed, measure, overRounds } from "../measure";
import { personColumnsFrom, seedPeople } from "../people";
import { admin, freshDatabase, repositoryRoot, startPlatform } from "../platform";
import { attempt, fail, joined, type Suite } from "../suite";
import { preparePostGraphile, readerRole, startPostGraphile } from "./postgraphile-anchor";

// Our graph (single mode: gateway → subgraph, with our authorization) against PostGraphile 5 over the
// same tables, both answering GraphQL over HTTP with the same token (a state administrator's).

type PersonFields = { id: string; attributes: unknown; createdAt: string; updatedAt: string };
type Filter = { lastName: string; city: string };

/** A cell: the same selection on both sides, in each side's own words, aliased so the data compares equal. */
type Cell = {
  id: string;
  /** Person ids in rotation, or filters in rotation. */
  keys: "ids" | "filters";
  ours(key: string | Filter): object;
  theirs(key: string | Filter): object;
  /** Throws unless the data is an answer at all (the comparison then says whether it is the same one). */
  check(data: unknown): void;
};

const fields = "id attributes createdAt updatedAt";
const theirFields = "id: rowId attributes createdAt updatedAt";

const cells: Cell[] = [
  {
    id: "graphql-person-by-id",
    keys: "ids",
    ours: (id) => ({ query: `query Person($id: ID!) { person(id: $id) { ${fields} } }`, variables: { id } }),
    theirs: (id) => ({ query: `query Person($id: UUID!) { person: personByRowId(rowId: $id) { ${theirFields} } }`, variables: { id } }),
    check: (data) => (data as { person?: PersonFields }).person?.attributes || fail("no person"),
  },
  {
    id: "graphql-persons-page",
    keys: "filters",
    // Our lists are ordered by updatedAt, newest first, then id: PostGraphile is asked for the same order.
    ours: (filter) => ({
      query: `query Persons($q: String!) { persons(q: $q, limit: 25) { items { ${fields} } hasNext } }`,
      variables: { q: `name.lastName:${(filter as Filter).lastName} address.city:${(filter as Filter).city}` },
    }),
    theirs: (filter) => ({
      query: `query Persons($lastName: String!, $city: String!) {
          persons: allPeople(condition: { lastName: $lastName, addressCity: $city }, first: 25, orderBy: [UPDATED_AT_DESC, ROW_ID_ASC]) {
            items: nodes { ${theirFields} } pageInfo { hasNextPage } } }`,
      variables: filter,
    }),
    check: (data) => (data as { persons?: { items?: unknown[] } }).persons?.items?.length || fail("an empty page"),
  },
];

// Stored sealed (SENSITIVE_FIELDS' defaults): ours opens them for a state administrator, PostGraphile
// returns the stored envelope. Both are compared as present, not by value.
const sealedFields = new Set(["dateOfBirth", "ssn"]);

/**
 * One answer as data both sides can agree on: instants as ISO strings (PostgreSQL's text form on
 * their side), sealed fields as present, their page info as ours.
 */
function comparable(body: unknown): string {
  const { data, errors } = body as { data?: { persons?: { pageInfo?: { hasNextPage: boolean } } }; errors?: unknown };
  if (errors) fail(`errors ${JSON.stringify(errors).slice(0, 300)}`);
  const persons = data?.persons;
  const shaped = persons?.pageInfo
    ? { ...data, persons: { ...persons, pageInfo: undefined, hasNext: persons.pageInfo.hasNextPage } }
    : data;
  return canonical(
    JSON.parse(JSON.stringify(shaped), (key, value: unknown) =>
      typeof value !== "string"
        ? value
        : sealedFields.has(key)
          ? "(sealed)"
          : /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)
            ? new Date(value).toISOString()
            : value,
    ),
  );
}

/**
 * Filters on a last name and a city that select a handful to a few pages of persons. Our list's
 * conditions match a part of a name, PostGraphile's conditions are equality: names that are part of
 * another (Smith, Smithson) are left out, so both select the same rows.
 */
async function selectiveFilters(db: import("pg").Client): Promise<Filter[]> {
  const { rows } = await db.query<Filter & { count: number }>(
    `SELECT "lastName", "addressCity" AS city, count(*)::int AS count FROM person GROUP BY 1, 2 HAVING count(*) BETWEEN 5 AND 40 ORDER BY 3 DESC, 1, 2`,
  );
  const distinct = async (column: string) =>
    new Set((await db.query<{ value: string }>(`SELECT DISTINCT lower("${column}") AS value FROM person`)).rows.map((row) => row.value));
  const [names, cities] = [await distinct("lastName"), await distinct("addressCity")];
  const alone = (value: string, all: Set<string>) => ![...all].some((other) => other !== value && other.includes(value));
  return rows
    .filter(
      (row) => alone(row.lastName.toLowerCase(), names) && alone(row.city.toLowerCase(), cities) && !/[\s']/.test(row.lastName + row.city),
    )
    .slice(0, 40)
    .map(({ lastName, city }) => ({ lastName, city }));
}

export const postgraphile: Suite = async (context) => {
  const { scope, log, quick } = context;
  const load = { connections: 10, seconds: quick ? 3 : 8, warmupSeconds: quick ? 1 : 2 };
  const rounds = quick ? 1 : 3;
  const anchor = await preparePostGraphile(log);
  const database = await freshDatabase(scope);
  const data = await seedPeople(database.client, personColumnsFrom(repositoryRoot));
  await database.client.query("ANALYZE person");
  const role = await readerRole(scope, database.client, new URL(database.url).pathname.slice(1));
  const keys = { ids: data.personIds.filter((_, index) => index % 5 === 0), filters: await selectiveFilters(database.client) };
  if (keys.filters.length < 5) fail(`only ${keys.filters.length} selective filters in the seeded persons`);

  const platform = await startPlatform(scope, database.url);
  // Not a comparison: where our time goes. Every read of a date of birth is recorded in the audit trail
  // before it is shown (a write per read), which PostGraphile does not do; this platform keeps no trail.
  const unaudited = await startPlatform(scope, database.url, { env: { AUDIT_SENSITIVE_READS: "false" } });
  const anchorServer = await startPostGraphile(scope, { node: anchor.node, databaseUrl: database.url, role });
  context.note(
    `${data.counts.persons} persons; ours: single mode (\`npm start\`), a state administrator's token; PostGraphile ${anchor.version} (amber preset, \`postgraphile/adaptors/pg\`) on Node from scripts/node-release.sh, the same token verified with jose and run as PostgreSQL role granted SELECT on person; both pools ${process.env.DATABASE_POOL_SIZE ?? 20} connections; a second platform with AUDIT_SENSITIVE_READS=false measured in the same rounds, in the detail only; ${rounds} round(s) of ${load.warmupSeconds} s warm-up + ${load.seconds} s per side, ${load.connections} connections`,
  );
  const servers = [platform, anchorServer, unaudited];

  for (const build of cells) {
    const { id } = build;
    const measured = await attempt(context, [{ scenario: id }], async () => {
      const list = keys[build.keys] as (string | Filter)[];
      const ourCalls = list.map((key) => graphqlCall(build.ours(key)));
      const sides: Side[] = [
        { name: "ours", base: platform.graphqlBase, watch: servers, calls: ourCalls },
        { name: "postgraphile", base: anchorServer.base, watch: servers, calls: list.map((key) => graphqlCall(build.theirs(key))) },
        { name: "ours without the audit trail", base: unaudited.graphqlBase, watch: servers, calls: ourCalls },
      ];
      // The first, the last and a spread between, each side asked in its own words and the data compared.
      const sample = [0, list.length - 1, ...Array.from({ length: 8 }, (_, index) => Math.floor((index * list.length) / 8))];
      const check = (status: number, body: unknown) => {
        if (status !== 200) fail(`status ${status}: ${JSON.stringify(body).slice(0, 300)}`);
        build.check((body as { data?: unknown }).data ?? fail(`no data: ${JSON.stringify(body).slice(0, 300)}`));
      };
      await sameAnswers(sides, ourCalls, sample, check, comparable);
      // Both start cold (JIT, pools, plan caches): one unreported pass on each first.
      for (const side of sides)
        await measure(side.base, side.calls!, { ...load, seconds: load.warmupSeconds * 2, warmupSeconds: 0 }, admin, graphqlFailed);
      const logged = (line: string) => log(`${id} ${line}`);
      return measureRounds(sides, ourCalls, { load, rounds, alternate: true, failedBody: graphqlFailed, log: logged });
    });
    if (!measured) continue;
    const { ours, theirs, spread } = compared(measured[0]!, measured[1]!);
    const withoutTrail = overRounds(measured[2]!);
    context.record({
      scenario: id,
      ours: ours.requestsPerSecond,
      comparison: theirs.requestsPerSecond,
      detail: joined([
        spread,
        `p99 ${ours.p99} / ${theirs.p99} ms`,
        `p50 ${ours.p50.toFixed(1)} / ${theirs.p50.toFixed(1)} ms`,
        `without the audit trail ${withoutTrail.requestsPerSecond.toFixed(0)} req/s, p99 ${withoutTrail.p99} ms`,
      ]),
    });
  }
};
