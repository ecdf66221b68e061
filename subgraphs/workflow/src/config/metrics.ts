import { Prisma } from "@pap/db";
import { medianGap, overTaskEvents, overTasks, ratio, taskEventType, type MetricQuery } from "../domain/metric-sql";
/** A goal a metric is read against (SPEC §2.6 Target). */
export type MetricTarget = {
  stat: string;
  operator?: "<" | "<=" | ">" | ">=" | "==";
  amount?: number;
  unit?: "hours" | "minutes" | "days" | "percent" | "count";
  label?: string;
  direction?: "up" | "down";
};

export const metricIds = ["task_time_to_claim", "tasks_in_queue", "release_rate", "sla_breach_rate", "sla_warning_rate"] as const;
export type MetricId = (typeof metricIds)[number];
export type MetricAggregate = "count" | "ratio" | "duration";

/** What a deployment says of a metric: which of the computed ones, and how it is named and judged. */
export type MetricEntry = { id: MetricId; name: string; description: string; targets: MetricTarget[] };

export type MetricDefinition = MetricEntry & {
  aggregate: MetricAggregate;
  /** How the database computes it, composed from the building blocks in domain/metric-sql.ts. */
  query: MetricQuery;
};

/**
 * How each metric is computed: code, not configuration, since each is its own SQL. A deployment
 * chooses which of them it serves and their names, descriptions and targets.
 */
export const metricComputations: Record<MetricId, { aggregate: MetricAggregate; query: MetricQuery }> = {
  task_time_to_claim: {
    aggregate: "duration",
    query: (filters, typePrefix) => medianGap(filters, typePrefix, "created", "claimed"),
  },
  tasks_in_queue: {
    aggregate: "count",
    query: (filters) => overTasks(filters, Prisma.sql`count(*)`, [Prisma.sql`t.status = 'pending'`]),
  },
  release_rate: {
    aggregate: "ratio",
    query: (filters, typePrefix) =>
      overTaskEvents(filters, typePrefix, ratio(Prisma.sql`e.type = ${taskEventType(typePrefix, "released")}`)),
  },
  sla_breach_rate: {
    aggregate: "ratio",
    query: (filters) => overTasks(filters, ratio(Prisma.sql`'breached' = ANY(t."slaStatuses")`)),
  },
  sla_warning_rate: {
    aggregate: "ratio",
    query: (filters, typePrefix) =>
      overTaskEvents(
        filters,
        typePrefix,
        ratio(Prisma.sql`e.type = ${taskEventType(typePrefix, "escalated")} AND e.data->>'reason' = 'sla_deadline_approaching'`),
      ),
  },
};

/** The supervisor metrics every deployment starts with (configuration §5). */
export const builtInMetrics: MetricEntry[] = [
  {
    id: "task_time_to_claim",
    name: "Task Time to Claim",
    description: "Median seconds from a task's creation to its first claim.",
    targets: [{ stat: "p50", operator: "<", amount: 4, unit: "hours", label: "4h" }],
  },
  {
    id: "tasks_in_queue",
    name: "Tasks in Queue",
    description: "Tasks waiting to be claimed (status pending).",
    targets: [{ stat: "trend", direction: "down" }],
  },
  {
    id: "release_rate",
    name: "Release Rate",
    description: "Share of task events that are releases (a worker handing a claimed task back).",
    targets: [{ stat: "ratio", operator: "<", amount: 10, unit: "percent" }],
  },
  {
    id: "sla_breach_rate",
    name: "SLA Breach Rate",
    description: "Share of tasks with at least one breached SLA clock.",
    targets: [{ stat: "ratio", operator: "<", amount: 5, unit: "percent" }],
  },
  {
    id: "sla_warning_rate",
    name: "SLA Warning Rate",
    description: "Share of task events that are escalations because an SLA deadline approached.",
    targets: [{ stat: "ratio", operator: "<", amount: 15, unit: "percent" }],
  },
];

export const metricDefinitionOf = (entry: MetricEntry): MetricDefinition => ({ ...entry, ...metricComputations[entry.id] });

/** The built-in metrics with their computations (the benchmark's list; the platform serves the configured ones). */
export const metricDefinitions: readonly MetricDefinition[] = builtInMetrics.map(metricDefinitionOf);
