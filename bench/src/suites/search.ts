import type pg from "pg";
import { compared, measureRounds, sameAnswers, type Side } from "../compare";
import { getCall, measure, type HttpCall } from "../measure";
import { admin, deriveFromSeededRows, freshDatabase, startFloor, startPlatform, watched } from "../platform";
import { attempt, fail, type Suite } from "../suite";

// Cross-resource search against the floor's (bench/src/floor/search.ts), and against our own cheapest read.

const surnames = ["Smith", "Jones", "Garcia", "Nguyen", "Okafor", "Larsen", "Patel", "Kowalski", "Haddad", "Moreau"];
const firsts = ["Ana", "Ben", "Carla", "Dmitri", "Eve", "Farid", "Gia", "Hugo"];
const numbered = (n: number) => String(n % 5000).padStart(4, "0");
const q = (text: string, extra = ""): HttpCall => getCall(`/platform/search?q=${encodeURIComponent(text)}${extra}`);
const sample = (count: number, of: number) => Array.from({ length: count }, (_, k) => 1 + ((k * 7919) % of));

/** As a caseworker types them (a surname with its number finds 20 persons); and typos, which no word matches (trigram similarity). */
const searches = (persons: number, tasks: number) => ({
  "search-words": sample(40, Math.min(persons, 5000)).flatMap((i) => [
    q(`${surnames[i % 10]}${numbered(i)}`),
    q(`${firsts[i % 8]} ${surnames[i % 10]}${numbered(i)}`),
    q(`person${i}@example.org`),
    q(`${surnames[i % 10]}${numbered(i).slice(0, 3)}`),
    q(`${["income", "identity", "residency", "household"][i % 4]} ${Math.min(i, tasks)}`),
    q(`${surnames[i % 10]}${numbered(i)}`, "&types=person"),
  ]),
  "search-typo": sample(40, Math.min(persons, 5000) / 10 - 1).flatMap((k) =>
    (
      [
        [7, "Kowalsky"],
        [9, "Morreau"],
        [8, "Hadad"],
        [6, "Patell"],
      ] as const
    ).map(([surname, typo]) => q(`${typo}${numbered(k * 10 + surname)}`)),
  ),
});

export const search: Suite = async (context) => {
  const { scope, log, quick } = context;
  const size = quick ? { persons: 5_000, tasks: 5_000 } : { persons: 100_000, tasks: 100_000 };
  const load = { connections: quick ? 10 : 50, seconds: quick ? 3 : 10, warmupSeconds: 2 };
  const rounds = quick ? 1 : 2;
  const database = await freshDatabase(scope);
  // Before the platform starts, as data a deployment already holds.
  const seeded = await seedSearchData(database.client, size);
  const documents = await deriveFromSeededRows(database.url);
  context.note(
    `${size.persons} persons and ${size.tasks} tasks written by SQL in ${seeded.toFixed(1)} s, their search documents derived in ${documents.toFixed(1)} s; ${rounds} round(s) of ${load.warmupSeconds} s warm-up + ${load.seconds} s per side, ${load.connections} connections`,
  );
  const platform = await startPlatform(scope, database.url);
  const floor = await startFloor(scope, database.url);
  const sides: Side[] = [
    { name: "ours", base: platform.restBase, watch: [platform, floor] },
    { name: "floor", base: floor.base, watch: [platform, floor] },
  ];

  const ids = (await database.client.query<{ id: string }>("SELECT id FROM person ORDER BY id LIMIT 200")).rows;
  const reads = ids.map((row) => getCall(`/persons/${row.id}`));
  const byId = await attempt(context, [{ scenario: "search-vs-read" }], () =>
    watched([platform], () => measure(platform.restBase, reads, load, admin)),
  );
  for (const [id, calls] of Object.entries(searches(size.persons, size.tasks))) {
    const measured = await attempt(context, [{ scenario: id }], async () => {
      await sameAnswers(sides, calls, [...calls.keys()], foundSomething, withoutHosts);
      return measureRounds(sides, calls, { load, rounds, log: (line) => log(`${id} ${line}`) });
    });
    if (!measured) continue;
    const { ours, theirs, rounds: byRound, spread } = compared(measured[0]!, measured[1]!, (m) => m.p99);
    context.record({
      scenario: id,
      ours: ours.p99,
      comparison: theirs.p99,
      rounds: byRound,
      detail: `${calls.length} searches; ${ours.requestsPerSecond.toFixed(0)} / ${theirs.requestsPerSecond.toFixed(0)} req/s${spread && ` (${spread})`}`,
    });
    if (id === "search-words" && byId) {
      context.record({
        scenario: "search-vs-read",
        ours: ours.requestsPerSecond,
        comparison: byId.requestsPerSecond,
        detail: `by id p99 ${byId.p99} ms`,
        ...(byId.errors && { invalid: `by id: ${byId.errors} errors (${byId.errorDetail})` }),
      });
    }
  }
};

// Before any load: a faster floor that answered otherwise would prove nothing (links differ only by host).
type Page = { items?: { url?: string }[]; total?: number };
const foundSomething = (status: number, body: unknown) =>
  (status === 200 && (body as Page).total && (body as Page).items?.length) || fail(`answered ${status} and found nothing`);
const withoutHosts = (body: unknown) =>
  JSON.stringify({
    ...(body as Page),
    items: (body as Page).items?.map((item) => ({ ...item, url: String(item.url).replace(/^https?:\/\/[^/]+/, "") })),
  });

/** 8 first names × 10 surnames numbered 0000–4999: a surname with its number names 20 persons. */
async function seedSearchData(client: pg.Client, counts: { persons: number; tasks: number }): Promise<number> {
  const started = Date.now();
  await client.query(
    `INSERT INTO person (id, attributes, "firstName", "lastName", email, "phoneNumber", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), jsonb_build_object('name', jsonb_build_object('firstName', first, 'lastName', last), 'email', email, 'phoneNumber', phone),
            first, last, email, phone, now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
     FROM (SELECT i, (ARRAY['${firsts.join("','")}'])[1 + i % 8] AS first, (ARRAY['${surnames.join("','")}'])[1 + i % 10] || lpad((i % 5000)::text, 4, '0') AS last,
                  'person' || i || '@example.org' AS email, '+1 555 ' || lpad((i % 10000)::text, 4, '0') AS phone
           FROM generate_series(1, $1::int) AS i) AS rows`,
    [counts.persons],
  );
  await client.query(
    `INSERT INTO workflow_task (id, name, description, "taskType", "createdAt", "updatedAt")
     SELECT gen_random_uuid(), 'Review ' || (ARRAY['income','identity','residency','household'])[1 + i % 4] || ' ' || i, 'Check the evidence for application ' || i,
            (ARRAY['eligibility_review','document_review','interview'])[1 + i % 3], now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
     FROM generate_series(1, $1::int) AS i`,
    [counts.tasks],
  );
  return (Date.now() - started) / 1000;
}
