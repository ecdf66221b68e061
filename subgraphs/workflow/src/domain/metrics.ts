import { Prisma } from "@pap/db";
import type { MetricDefinition, MetricId } from "../config/metrics";

/** What a metric is computed over: a time window, one queue, one program, and an optional grouping. */
export type MetricFilters = { from?: Date; to?: Date; queueId?: string; program?: string; groupBy?: "queueId" | "programType" };

export const metricGroupings = ["queueId", "programType"] as const;

/** Tasks with no value for the grouping field are reported under this key. */
export const NO_GROUP = "none";

type RawQuery = { $queryRaw<T>(query: Prisma.Sql): Promise<T>; $executeRaw(query: TemplateStringsArray): Promise<number> };
type Database = { $transaction<T>(work: (tx: RawQuery) => Promise<T>): Promise<T> };
type Row = { grp: string | null; value: number | string | bigint | null };

const taskFilters = (filters: MetricFilters) => [
  ...(filters.queueId ? [Prisma.sql`t."queueId" = ${filters.queueId}::uuid`] : []),
  ...(filters.program ? [Prisma.sql`t."programType"::text = ${filters.program}`] : []),
];

const groupOf = (filters: MetricFilters) =>
  filters.groupBy === "queueId" ? Prisma.sql`t."queueId"::text` : filters.groupBy === "programType" ? Prisma.sql`t."programType"::text` : Prisma.sql`NULL::text`;

const groupClause = (filters: MetricFilters) => (filters.groupBy ? Prisma.sql`GROUP BY 1` : Prisma.empty);

const where = (conditions: Prisma.Sql[]) => (conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty);

const window = (column: Prisma.Sql, filters: MetricFilters) => [
  ...(filters.from ? [Prisma.sql`${column} >= ${filters.from}`] : []),
  ...(filters.to ? [Prisma.sql`${column} <= ${filters.to}`] : []),
];

/** A ratio of matching to all, 0 when there is nothing to divide by. */
const ratio = (matching: Prisma.Sql) => Prisma.sql`COALESCE(count(*) FILTER (WHERE ${matching})::float8 / NULLIF(count(*), 0), 0)`;

/**
 * Task events in the window, each with the task it concerns, for the ratios over events. The task is
 * joined only when a filter or grouping needs it, and outer-joined: the events of a deleted task still
 * count, under the group "none", so a breakdown adds up to the value without it.
 */
function overTaskEvents(filters: MetricFilters, typePrefix: string, value: Prisma.Sql): Prisma.Sql {
  const needsTask = Boolean(filters.queueId || filters.program || filters.groupBy);
  return Prisma.sql`
    SELECT ${groupOf(filters)} AS grp, ${value} AS value
    FROM platform_event e ${needsTask ? Prisma.sql`LEFT JOIN workflow_task t ON t.id = e.subject` : Prisma.empty}
    ${where([Prisma.sql`e.source = '/workflow'`, Prisma.sql`e.type LIKE ${`${typePrefix}workflow.task.%`}`, ...window(Prisma.sql`e.time`, filters), ...taskFilters(filters)])}
    ${groupClause(filters)}`;
}

/** The SQL of each metric: one row per group (one row in all without grouping), computed in the database. */
function metricSql(id: MetricId, filters: MetricFilters, typePrefix: string): Prisma.Sql {
  const type = (name: string) => `${typePrefix}workflow.task.${name}`;
  switch (id) {
    case "tasks_in_queue":
      return Prisma.sql`
        SELECT ${groupOf(filters)} AS grp, count(*) AS value FROM workflow_task t
        ${where([Prisma.sql`t.status = 'pending'`, ...window(Prisma.sql`t."createdAt"`, filters), ...taskFilters(filters)])}
        ${groupClause(filters)}`;
    case "sla_breach_rate":
      return Prisma.sql`
        SELECT ${groupOf(filters)} AS grp, ${ratio(Prisma.sql`'breached' = ANY(t."slaStatuses")`)} AS value FROM workflow_task t
        ${where([...window(Prisma.sql`t."createdAt"`, filters), ...taskFilters(filters)])}
        ${groupClause(filters)}`;
    case "release_rate":
      return overTaskEvents(filters, typePrefix, ratio(Prisma.sql`e.type = ${type("released")}`));
    case "sla_warning_rate":
      return overTaskEvents(filters, typePrefix, ratio(Prisma.sql`e.type = ${type("escalated")} AND e.data->>'reason' = 'sla_deadline_approaching'`));
    case "task_time_to_claim": {
      // Each task's creation paired with its first claim after it; the median of the gaps, in seconds.
      const firstOf = (name: string) => Prisma.sql`
        SELECT subject, min(time) AS at FROM platform_event e
        ${where([Prisma.sql`e.type = ${type(name)}`, ...window(Prisma.sql`e.time`, filters)])} GROUP BY subject`;
      const needsTask = Boolean(filters.queueId || filters.program || filters.groupBy);
      return Prisma.sql`
        WITH created AS (${firstOf("created")}), claimed AS (
          SELECT e.subject, min(e.time) AS at FROM platform_event e JOIN created c ON c.subject = e.subject AND e.time > c.at
          ${where([Prisma.sql`e.type = ${type("claimed")}`, ...window(Prisma.sql`e.time`, filters)])} GROUP BY e.subject)
        SELECT ${groupOf(filters)} AS grp, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM cl.at - c.at)) AS value
        FROM created c JOIN claimed cl ON cl.subject = c.subject ${needsTask ? Prisma.sql`LEFT JOIN workflow_task t ON t.id = c.subject` : Prisma.empty}
        ${where(taskFilters(filters))}
        ${groupClause(filters)}`;
    }
  }
}

export type MetricValue = { value: number | null; breakdown?: Record<string, number | null> };

const numberOf = (value: Row["value"]) => (value === null ? null : Number(value));

/**
 * One metric's value (or, with `groupBy`, its breakdown by group and a null value), computed by SQL
 * over the tasks and the event log; nothing is loaded row by row into memory.
 */
export async function computeMetric(db: Database, definition: MetricDefinition, filters: MetricFilters, typePrefix = ""): Promise<MetricValue> {
  const rows = await db.$transaction(async (tx) => {
    // Over a large log the planner misjudges the pairing joins and spends longer compiling them (JIT) than running them.
    await tx.$executeRaw`SET LOCAL jit = off`;
    return tx.$queryRaw<Row[]>(metricSql(definition.id, filters, typePrefix));
  });
  if (!filters.groupBy) {
    const value = numberOf(rows[0]?.value ?? null);
    // A count over no rows is 0, a ratio 0; a median of no pairs is null.
    return { value: value ?? (definition.aggregate === "duration" ? null : 0) };
  }
  return { value: null, breakdown: Object.fromEntries(rows.map((row) => [row.grp ?? NO_GROUP, numberOf(row.value)])) };
}

export const metricAggregates = ["count", "ratio", "duration"] as const;
