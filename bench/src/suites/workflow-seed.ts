import type pg from "pg";
import { generalQueueId, snapQueueId } from "../people";
import { inTransaction, uuidFromLabel as uuidOf } from "../sql";

const day = 86_400;

/** The case workers the seeded history names, each with an active account: the claim/complete passes work as them. */
export const benchWorkerCount = 250;
export const benchWorkerSubject = (index: number) => `bench-worker-${index}`;

/**
 * Tasks and their history (a creation, for 97 % a claim, then a mix of what happens to tasks, and the
 * closing event) written with generate_series: through the API a million events would take an hour.
 * Numbered after the log's head as the sequencer would number them, before the platform starts, whose
 * hub then never reads them back. The workers named get active accounts: the workflow gives work only to those.
 */
export async function seedMetricData(client: pg.Client, sizes: { tasks: number; events: number }, typePrefix = ""): Promise<void> {
  await inTransaction(client, async () => {
    // random() is then the same sequence on every run (one backend, sequential plans).
    await client.query("SELECT setseed(0.2026)");
    await client.query(
      `INSERT INTO app_user (id, "idpSubject", email, name, roles, status, "createdAt", "updatedAt")
       SELECT ${uuidOf("'workflow-bench-worker-' || w")}, 'bench-worker-' || w, 'bench-worker-' || w || '@agency.example.gov', 'Bench worker ' || w,
         ARRAY['case_worker'], 'active', now(), now()
       FROM generate_series(0, $1::int - 1) AS w`,
      [benchWorkerCount],
    );
    const base = Math.floor(sizes.events / sizes.tasks);
    const extra = sizes.events - base * sizes.tasks;
    await client.query(
      `CREATE TEMP TABLE bench_task ON COMMIT DROP AS
       WITH drawn AS (
         SELECT n, ($2::int + (n <= $3::int)::int) AS events,
           random() AS r_status, random() AS r_program, random() AS r_age, random() AS r_gap, random() AS r_step,
           random() AS r_sla, random() AS r_expedited, random() AS r_claim, random() AS r_worker, random() AS r_kind
         FROM generate_series(1, $1::int) AS n
       ), shaped AS (
         SELECT *,
           CASE WHEN r_status < 0.40 THEN 'completed' WHEN r_status < 0.55 THEN 'pending' WHEN r_status < 0.73 THEN 'in_progress'
                WHEN r_status < 0.78 THEN 'escalated' WHEN r_status < 0.84 THEN 'cancelled' WHEN r_status < 0.90 THEN 'awaiting_client'
                WHEN r_status < 0.95 THEN 'awaiting_verification' ELSE 'pending_review' END AS status,
           CASE WHEN r_program < 0.40 THEN 'snap' WHEN r_program < 0.70 THEN 'medicaid' WHEN r_program < 0.80 THEN 'chip'
                WHEN r_program < 0.90 THEN 'tanf' ELSE 'aca' END AS program,
           -- Created over the last 90 days; every later event falls between creation and now.
           r_age * 90 * ${day} AS age
         FROM drawn
       ), timed AS (
         SELECT *,
           now() - make_interval(secs => age) AS created_at,
           r_gap * least(8 * 3600, age / 10) AS gap,
           program = 'snap' AND r_expedited < 0.25 AS expedited,
           r_sla < 0.85 AS has_sla
         FROM shaped
       ), stepped AS (
         SELECT *,
           r_step * (age - gap) / greatest(events - 1, 1) AS step,
           CASE WHEN program = 'snap' AND expedited THEN 'snap_expedited' WHEN program = 'snap' THEN 'snap_standard'
                WHEN program = 'medicaid' AND r_kind < 0.2 THEN 'medicaid_disability' ELSE 'medicaid_standard' END AS sla_code,
           CASE WHEN NOT has_sla THEN NULL WHEN r_sla < 0.05 THEN 'breached'
                WHEN status IN ('completed', 'cancelled') THEN 'completed'
                WHEN status IN ('awaiting_client', 'awaiting_verification') THEN 'paused'
                WHEN r_sla > 0.75 THEN 'warning' ELSE 'active' END AS sla_status
         FROM timed
       )
       SELECT n, events, status, program, expedited, created_at, gap, step, sla_code, sla_status,
         ${uuidOf("'workflow-bench-task-' || n")} AS id,
         ${uuidOf(`'workflow-bench-worker-' || floor(r_worker * ${benchWorkerCount})`)} AS worker,
         r_claim < 0.97 AS claimed_first,
         created_at + make_interval(secs => gap + greatest(events - 2, 0) * step) AS last_at,
         created_at + make_interval(days => CASE sla_code WHEN 'snap_expedited' THEN 7 WHEN 'snap_standard' THEN 30
           WHEN 'medicaid_standard' THEN 45 ELSE 90 END) AS deadline,
         CASE WHEN expedited THEN 1 WHEN r_kind < 0.1 THEN 2 WHEN r_kind > 0.9 THEN 4 ELSE 3 END AS priority
       FROM stepped`,
      [sizes.tasks, base, extra],
    );

    const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await client.query(
      `INSERT INTO workflow_task (id, name, description, status, "taskType", "subjectType", "subjectId", "programType", "isExpedited", "queueId",
         priority, "startedAt", "completedAt", "escalatedAt", "cancelledAt", "blockedAt", "assignedToId", outcome, "slaInfo", "slaDeadline",
         "slaStatuses", "createdAt", "updatedAt")
       SELECT id, 'Review ' || program || ' application', NULL, status::"TaskStatus", 'application_review', 'application',
         ${uuidOf("'workflow-bench-application-' || n")}, program::"ProgramType", expedited,
         CASE WHEN program = 'snap' THEN $1::uuid ELSE $2::uuid END, priority,
         CASE WHEN status <> 'pending' THEN created_at + make_interval(secs => gap) END,
         CASE WHEN status = 'completed' THEN last_at END,
         CASE WHEN status = 'escalated' THEN last_at END,
         CASE WHEN status = 'cancelled' THEN last_at END,
         CASE WHEN status IN ('awaiting_client', 'awaiting_verification') THEN last_at END,
         CASE WHEN status NOT IN ('pending', 'cancelled') THEN worker END,
         CASE WHEN status = 'completed' THEN 'approved' END,
         CASE WHEN sla_status IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
           'slaTypeCode', sla_code, 'status', sla_status, 'clockStartedAt', ${isoOf("created_at")}, 'deadline', ${isoOf("deadline")},
           'pausedAt', CASE WHEN sla_status = 'paused' THEN ${isoOf("last_at")} END, 'pausedMs', 0)) END,
         CASE WHEN sla_status IN ('active', 'warning') THEN deadline END,
         CASE WHEN sla_status IS NULL THEN ARRAY[]::text[] ELSE ARRAY[sla_status] END,
         created_at, last_at
       FROM bench_task`,
      [snapQueueId, generalQueueId],
    );

    const { rows: headRows } = await client.query<{ head: string }>(`SELECT coalesce(max(position), 0)::text AS head FROM platform_event`);
    const head = headRows[0]!.head;
    // One draw per event picks what happened; the shares are roughly those of a busy intake unit.
    const received = `jsonb_build_object('description', jsonb_build_object('from', NULL, 'to', 'Documents received'))`;
    const kinds: [number, string, string][] = [
      [0.2, "updated", `jsonb_build_object('changes', ${received})`],
      [0.32, "claimed", `jsonb_build_object('assignedToId', worker)`],
      [0.4, "released", `jsonb_build_object('reason', 'reassigning')`],
      [0.43, "escalated", `jsonb_build_object('reason', 'sla_deadline_approaching')`],
      [0.46, "escalated", `jsonb_build_object('reason', 'complex_case')`],
      [0.5, "de-escalated", `NULL`],
      [0.6, "awaiting_client", `NULL`],
      [0.68, "awaiting_verification", `NULL`],
      [0.82, "resumed", `NULL`],
      [0.88, "priority_changed", `jsonb_build_object('priority', 2, 'reason', 'client request')`],
      [0.93, "assigned", `jsonb_build_object('assignedToId', worker, 'queueId', queue)`],
      [0.97, "submitted_for_review", `NULL`],
      [0.99, "returned_to_worker", `jsonb_build_object('reason', 'missing income proof')`],
      [1, "sla_breached", `jsonb_build_object('reason', 'sla_deadline_exceeded')`],
    ];
    const middle = (column: (kind: [number, string, string]) => string) =>
      `CASE ${kinds.map((kind) => `WHEN r < ${kind[0]} THEN ${column(kind)}`).join(" ")} END`;
    const kindSql = `CASE WHEN ord = 0 THEN 'created'
      WHEN ord = 1 AND claimed_first THEN 'claimed'
      WHEN ord = events - 1 AND status = 'completed' THEN 'completed'
      WHEN ord = events - 1 AND status = 'cancelled' THEN 'cancelled'
      ELSE ${middle(([, kind]) => `'${kind}'`)} END`;
    const dataSql = `CASE WHEN ord = 0 THEN jsonb_build_object('id', subject, 'name', 'Review ' || program || ' application', 'status', 'pending',
        'programType', program, 'queueId', queue, 'priority', priority)
      WHEN ord = 1 AND claimed_first THEN jsonb_build_object('assignedToId', worker)
      WHEN ord = events - 1 AND status = 'completed' THEN jsonb_build_object('outcome', 'approved')
      WHEN ord = events - 1 AND status = 'cancelled' THEN jsonb_build_object('reason', 'duplicate')
      ELSE ${middle(([, , data]) => data)} END`;
    await client.query(
      `INSERT INTO platform_event (position, id, type, source, subject, time, specversion, datacontenttype, data, traceparent, traceid, authid, authtype)
       SELECT $1::bigint + row_number() OVER (ORDER BY time, subject, ord), id, $2::text || 'workflow.task.' || kind, '/workflow', subject, time,
         '1.0', 'application/json', data, '00-' || trace || '-' || left(md5(id::text), 16) || '-01', trace, authid, 'user'
       FROM (
         SELECT subject, ord, time, id, trace, ${kindSql} AS kind, ${dataSql} AS data,
           CASE WHEN ord = 0 THEN $3::text ELSE worker::text END AS authid
         FROM (
           SELECT t.id AS subject, t.n, t.events, t.status, t.program, t.priority, t.claimed_first, t.worker,
             CASE WHEN t.program = 'snap' THEN $4::text ELSE $5::text END AS queue, e.ord, e.r,
             t.created_at + make_interval(secs => CASE WHEN e.ord = 0 THEN 0 ELSE t.gap + (e.ord - 1) * t.step END) AS time,
             ${uuidOf("'workflow-bench-event-' || t.n || '-' || e.ord")} AS id,
             md5('workflow-bench-trace-' || t.n || '-' || e.ord) AS trace
           FROM bench_task t CROSS JOIN LATERAL (SELECT ord, random() AS r FROM generate_series(0, t.events - 1) AS ord) e
         ) drawn
       ) events
       ORDER BY time, subject, ord`,
      [head, typePrefix, "00000000-0000-4000-8000-0000000000a1", snapQueueId, generalQueueId],
    );
  });
  // Fresh rows have no planner statistics and an empty visibility map: without them the plans are
  // guesses and index-only scans read the heap anyway, and autovacuum, triggered by a million inserts,
  // would analyze and vacuum in the middle of the timings and change the plans under them.
  await client.query("VACUUM (ANALYZE) workflow_task, platform_event");
}
