import type { Prisma } from "@pap/db";
import type { MetricDefinition } from "../config/metrics";
import type { MetricFilters } from "./metric-filters";

export type { MetricFilters } from "./metric-filters";

/** Tasks with no value for the grouping field are reported under this key. */
export const NO_GROUP = "none";

type Database = { $queryRaw<T>(query: Prisma.Sql): Promise<T> };
type Row = { grp: string | null; value: number | string | bigint | null };

export type MetricValue = { value: number | null; breakdown?: Record<string, number | null> };

const numberOf = (value: Row["value"]) => (value === null ? null : Number(value));

/**
 * One metric's value (or, with `groupBy`, its breakdown by group and a null value), computed by SQL
 * over the tasks and the event log; nothing is loaded row by row into memory.
 */
export async function computeMetric(
  db: Database,
  definition: MetricDefinition,
  filters: MetricFilters,
  typePrefix = "",
): Promise<MetricValue> {
  // One statement, no transaction: a list of metrics must not hold a pooled connection per metric while
  // it waits for the others (JIT, which these joins do not repay, is off for the platform's connections).
  const rows = await db.$queryRaw<Row[]>(definition.query(filters, typePrefix));
  if (!filters.groupBy) {
    const value = numberOf(rows[0]?.value ?? null);
    // A count over no rows is 0, a ratio 0; a median of no pairs is null.
    return { value: value ?? (definition.aggregate === "duration" ? null : 0) };
  }
  return { value: null, breakdown: Object.fromEntries(rows.map((row) => [row.grp ?? NO_GROUP, numberOf(row.value)])) };
}
