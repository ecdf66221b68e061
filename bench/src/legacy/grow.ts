import pg from "pg";
import { createRandom } from "./fake";
import { insertPersons, newIdentity, personRow, type PersonColumns, type SeededData } from "./seed";
import { generalQueueId, snapQueueId } from "./workflow/seed";

// Rows per INSERT: big enough to be fast, small enough that one statement's parameters stay a few MB.
const batchSize = 20_000;

/**
 * Grows the data set in place to `sizes` (persons and workflow tasks), writing straight into the
 * tables as the first seed does, then analyzes them: the same cells then run against a table ten
 * times larger, which is what shows whether a request's cost grows with the table.
 */
export async function grow(databaseUrl: string, data: SeededData, derived: PersonColumns, sizes: { persons: number; tasks: number }): Promise<SeededData> {
  // Another seed value than the first seed's, so the new persons are new people, drawn alike.
  const random = createRandom(20261124 + sizes.persons);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const personIds = [...data.personIds];
  const taskIds = [...data.taskIds];
  try {
    await client.query("BEGIN");
    // Counted, not taken from the seed: the create cells have added persons of their own.
    const { rows } = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM person");
    let missing = sizes.persons - rows[0]!.count;
    while (missing > 0) {
      const identities = Array.from({ length: Math.min(batchSize, missing) }, () => newIdentity(random));
      missing -= identities.length;
      await insertPersons(client, identities.map((identity) => personRow(random, identity, false, derived)), derived);
      personIds.push(...identities.map((identity) => identity.id));
    }
    if (sizes.tasks > data.counts.tasks) taskIds.push(...(await insertTasks(client, data.counts.tasks, sizes.tasks)));
    await client.query("COMMIT");
    // As after the first seed: fresh statistics and visibility before anything is timed.
    await client.query("VACUUM (ANALYZE) person, workflow_task");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return { ...data, personIds, taskIds, counts: { ...data.counts, persons: Math.max(sizes.persons, data.counts.persons), tasks: Math.max(sizes.tasks, data.counts.tasks) } };
}

/**
 * Application review tasks numbered `from + 1` … `to`, in the two routing queues the workflow
 * configures (ids fixed by its configuration), waiting to be claimed (a pending task needs nothing else set), created over the last 90 days.
 */
async function insertTasks(client: pg.Client, from: number, to: number): Promise<string[]> {
  const uuidOf = (label: string) => `overlay(overlay(md5(${label}) placing '4' from 13) placing '8' from 17)::uuid`;
  await client.query("SELECT setseed(0.15)");
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO workflow_task (id, name, status, "taskType", "subjectType", "subjectId", "programType", "isExpedited", "queueId", priority, "createdAt", "updatedAt")
     SELECT ${uuidOf("'growth-task-' || n")}, 'Review ' || program || ' application', 'pending', 'application_review', 'application',
       ${uuidOf("'growth-application-' || n")}, program::"ProgramType", false,
       CASE WHEN program = 'snap' THEN $3::uuid ELSE $4::uuid END, 3, created, created
     FROM (
       SELECT n, now() - make_interval(secs => random() * 90 * 86400) AS created,
         (ARRAY['snap', 'medicaid', 'chip', 'tanf', 'aca'])[1 + floor(random() * 5)::int] AS program
       FROM generate_series($1::int + 1, $2::int) AS n
     ) drawn
     RETURNING id`,
    [from, to, snapQueueId, generalQueueId],
  );
  return rows.map((row) => row.id);
}
