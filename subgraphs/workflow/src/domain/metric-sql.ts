import { Prisma } from "@pap/db";
import type { MetricFilters } from "./metric-filters";

/**
 * The SQL a metric runs: one row per group (one row in all without grouping), with `grp` and `value`
 * columns. `typePrefix` is the deployment's event-type prefix.
 */
export type MetricQuery = (filters: MetricFilters, typePrefix: string) => Prisma.Sql;

/** The building blocks of the metrics' SQL; each metric definition composes its own query from them. */

/** The task conditions the filters ask for (`t` is the task). */
export const taskFilters = (filters: MetricFilters) => [
  ...(filters.queueId ? [Prisma.sql`t."queueId" = ${filters.queueId}::uuid`] : []),
  ...(filters.program ? [Prisma.sql`t."programType"::text = ${filters.program}`] : []),
  ...(filters.counties ? [Prisma.sql`t."county" = ANY(${[...filters.counties]}::text[])`] : []),
];

/** The group column for the filters' grouping (NULL without one). */
export const groupOf = (filters: MetricFilters) =>
  filters.groupBy === "queueId"
    ? Prisma.sql`t."queueId"::text`
    : filters.groupBy === "programType"
      ? Prisma.sql`t."programType"::text`
      : Prisma.sql`NULL::text`;

export const groupClause = (filters: MetricFilters) => (filters.groupBy ? Prisma.sql`GROUP BY 1` : Prisma.empty);

export const where = (conditions: Prisma.Sql[]) =>
  conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;

/** The window's bounds on a time column. */
export const window = (column: Prisma.Sql, filters: MetricFilters) => [
  ...(filters.from ? [Prisma.sql`${column} >= ${filters.from}`] : []),
  ...(filters.to ? [Prisma.sql`${column} <= ${filters.to}`] : []),
];

/** Whether the filters need the task joined to an event. */
export const needsTask = (filters: MetricFilters) => Boolean(filters.queueId || filters.program || filters.groupBy || filters.counties);

/** A ratio of matching to all, 0 when there is nothing to divide by. */
export const ratio = (matching: Prisma.Sql) => Prisma.sql`COALESCE(count(*) FILTER (WHERE ${matching})::float8 / NULLIF(count(*), 0), 0)`;

/** A task event's full type, with the deployment's prefix. */
export const taskEventType = (typePrefix: string, name: string) => `${typePrefix}workflow.task.${name}`;

/** A value over the tasks that match the filters, created in the window. */
export function overTasks(filters: MetricFilters, value: Prisma.Sql, conditions: Prisma.Sql[] = []): Prisma.Sql {
  return Prisma.sql`
    SELECT ${groupOf(filters)} AS grp, ${value} AS value FROM workflow_task t
    ${where([...conditions, ...window(Prisma.sql`t."createdAt"`, filters), ...taskFilters(filters)])}
    ${groupClause(filters)}`;
}

/**
 * A value over the task events in the window, each with the task it concerns. The task is joined
 * only when a filter or grouping needs it, and outer-joined: the events of a deleted task still count,
 * under the group "none", so a breakdown adds up to the value without it.
 */
export function overTaskEvents(filters: MetricFilters, typePrefix: string, value: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT ${groupOf(filters)} AS grp, ${value} AS value
    FROM platform_event e ${needsTask(filters) ? Prisma.sql`LEFT JOIN workflow_task t ON t.id = e.subject` : Prisma.empty}
    ${where([Prisma.sql`e.source = '/workflow'`, Prisma.sql`e.type LIKE ${`${typePrefix}workflow.task.%`}`, ...window(Prisma.sql`e.time`, filters), ...taskFilters(filters)])}
    ${groupClause(filters)}`;
}

/** The median, in seconds, from each task's first `from` event to its first `to` event after it. */
export function medianGap(filters: MetricFilters, typePrefix: string, from: string, to: string): Prisma.Sql {
  const firstOf = (name: string) => Prisma.sql`
    SELECT subject, min(time) AS at FROM platform_event e
    ${where([Prisma.sql`e.type = ${taskEventType(typePrefix, name)}`, ...window(Prisma.sql`e.time`, filters)])} GROUP BY subject`;
  return Prisma.sql`
    WITH started AS (${firstOf(from)}), reached AS (
      SELECT e.subject, min(e.time) AS at FROM platform_event e JOIN started s ON s.subject = e.subject AND e.time > s.at
      ${where([Prisma.sql`e.type = ${taskEventType(typePrefix, to)}`, ...window(Prisma.sql`e.time`, filters)])} GROUP BY e.subject)
    SELECT ${groupOf(filters)} AS grp, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.at - s.at)) AS value
    FROM started s JOIN reached r ON r.subject = s.subject ${needsTask(filters) ? Prisma.sql`LEFT JOIN workflow_task t ON t.id = s.subject` : Prisma.empty}
    ${where(taskFilters(filters))}
    ${groupClause(filters)}`;
}
