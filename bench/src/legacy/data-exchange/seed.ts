import pg from "pg";

export type SeededMembers = { ids: string[]; applications: number; seconds: number };

/** Members per seeded application: a household, as intake files them. */
const householdSize = 4;

/**
 * Application members written straight into intake's tables, before the platform starts: the calls'
 * requesting resources are only the setup, and creating thousands through the API would take longer
 * than the measurement. Each member has what the intake source hands the FDSH SSA agency (an SSN,
 * a date of birth, a first and last name) and nothing more. The SSNs end in 0–5, so the reference
 * simulator answers every call conclusively at once (ANSWERS.md: 6 and 7 are other results, 8 fails,
 * 9 answers slowly); the digits before the last vary, so the answers' figures do too.
 */
export async function seedMembers(databaseUrl: string, members: number): Promise<SeededMembers> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    const applications = Math.ceil(members / householdSize);
    await client.query(
      `CREATE TEMP TABLE bench_household ON COMMIT DROP AS
         SELECT a, gen_random_uuid() AS id FROM generate_series(0, $1::int - 1) AS a`,
      [applications],
    );
    await client.query(
      `INSERT INTO intake_application (id, status, programs, channel, "submittedAt", "applicantFirstName", "applicantLastName", "createdAt", "updatedAt")
       SELECT id, 'submitted', ARRAY['snap', 'medicaid'], 'online', now(), 'Bench', 'Household ' || a, now(), now() FROM bench_household`,
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO intake_application_member (id, "applicationId", roles, "programsAppliedFor", "personalInformation", contact, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), h.id,
         CASE WHEN m % $2 = 0 THEN ARRAY['primary_applicant'] ELSE ARRAY['household_member'] END,
         ARRAY['snap', 'medicaid'],
         jsonb_build_object(
           'ssn', lpad((100 + m % 800)::text, 3, '0') || '-' || lpad((10 + (m / 800) % 90)::text, 2, '0') || '-' || lpad((m % 1000)::text, 3, '0') || (m % 6)::text,
           'dateOfBirth', to_char(date '1950-01-01' + (m * 37) % 25000, 'YYYY-MM-DD')),
         jsonb_build_object('name', jsonb_build_object('firstName', 'Bench', 'lastName', 'Member ' || m)),
         now(), now()
       FROM generate_series(0, $1::int - 1) AS m JOIN bench_household h ON h.a = m / $2
       ORDER BY m
       RETURNING id::text AS id`,
      [members, householdSize],
    );
    await client.query("COMMIT");
    await client.query("ANALYZE intake_application, intake_application_member");
    return { ids: rows.map((row) => row.id), applications, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
