import { badRequest, isUuid } from "@pap/core";
import type { QueryField } from "@pap/kernel/rest";
import { z } from "zod";
import { metricGroupings } from "../contract/metric";
import { benefitPrograms as programTypes } from "@pap/core";

/**
 * What a metric is computed over, declared once: a time window, one queue, one program, and an
 * optional grouping. The REST routes take them as query parameters, the graph's `metric` and
 * `metrics` as arguments of the same names, and the SQL reads them as `MetricFilters`.
 */
export const metricFilterFields = {
  groupBy: {
    kind: "enum",
    values: metricGroupings,
    enumName: "MetricGrouping",
    description: "Break the value down by queue or program.",
    queryDescription: "queueId or programType: the value is null and breakdown maps each group to its value.",
  },
  from: {
    kind: "datetime",
    description: "Only events (and tasks created) at or after this instant.",
    queryDescription: "Only events (and tasks created) at or after this instant (ISO 8601).",
  },
  to: {
    kind: "datetime",
    description: "Only events (and tasks created) at or before this instant.",
    queryDescription: "Only events (and tasks created) at or before this instant (ISO 8601).",
  },
  // Over REST a queue's id is checked as a uuid of a known version; the graph takes any uuid's form.
  queueId: { kind: "uuid", input: z.uuid({ message: "must be a uuid" }), description: "Only tasks in this queue." },
  program: { kind: "enum", values: programTypes, enumName: "ProgramType", description: "Only tasks of this program." },
} as const satisfies Record<string, QueryField>;

type Declared = typeof metricFilterFields;
type FilterValue<Field> = Field extends { kind: "datetime" } ? Date : Field extends { values: readonly (infer Value)[] } ? Value : string;

/**
 * The filters as the SQL reads them: each one given or not, and the counties of a caller confined to
 * some (county scoping), whose metrics count only their counties' tasks.
 */
export type MetricFilters = { -readonly [Name in keyof Declared]?: FilterValue<Declared[Name]> } & { counties?: readonly string[] };

/** The filters as the graph's arguments give them (an ID may come as a number, an absent one as null). */
export type MetricFilterArgs = { [Name in keyof Declared]?: MetricFilters[Name] | number | null };

const declared = Object.entries(metricFilterFields) as [keyof Declared, QueryField][];

/** The filters the graph's arguments ask for: a queue's id that is not a uuid, or a window that ends before it starts, is a 400. */
export function metricFiltersFrom(args: MetricFilterArgs): MetricFilters {
  for (const [name, field] of declared) {
    const value = args[name];
    if (field.kind === "uuid" && value !== undefined && value !== null && !isUuid(String(value)))
      throw badRequest(`Invalid '${name}'.`, [{ field: name, message: "must be a uuid" }]);
  }
  const { from, to } = args as { from?: Date | null; to?: Date | null };
  if (from && to && from.getTime() > to.getTime())
    throw badRequest("'from' is after 'to'.", [{ field: "from", message: "must not be after 'to'" }]);
  return Object.fromEntries(
    declared.filter(([name]) => args[name]).map(([name, field]) => [name, field.kind === "uuid" ? String(args[name]) : args[name]]),
  ) as MetricFilters;
}
