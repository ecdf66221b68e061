import pg from "pg";

/**
 * The shared seed writes persons, cases and appointments but no tasks; the caseworker query reads a
 * case's tasks and a member's, so a few are written straight into the table: two per active case and
 * one for every other appointment, with statuses and priorities spread so the order matters.
 */
export async function seedTasks(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const statuses = `(ARRAY['pending','in_progress','awaiting_client','completed','escalated'])[1 + (n % 5)]::"TaskStatus"`;
    const forCases = await client.query(
      `INSERT INTO workflow_task (id, name, status, "taskType", "subjectType", "subjectId", priority, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'Review case ' || left(c.id::text, 8), ${statuses}, 'case_review', 'case', c.id, 1 + (n % 4),
              now() - make_interval(hours => n), now() - make_interval(hours => n)
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM "case" WHERE status = 'active') AS c
       CROSS JOIN LATERAL (SELECT (c.rn * 2 + k)::int AS n FROM generate_series(0, 1) AS k) AS numbered`,
    );
    const forAppointments = await client.query(
      `INSERT INTO workflow_task (id, name, status, "taskType", "subjectType", "subjectId", priority, "createdAt", "updatedAt")
       SELECT gen_random_uuid(), 'Prepare appointment', ${statuses}, 'appointment_prep', 'appointment', a.id, 1 + (n % 4),
              now() - make_interval(mins => n), now() - make_interval(mins => n)
       FROM (SELECT id, (row_number() OVER (ORDER BY id))::int AS n FROM appointment) AS a
       WHERE n % 2 = 0`,
    );
    return (forCases.rowCount ?? 0) + (forAppointments.rowCount ?? 0);
  } finally {
    await client.end();
  }
}
