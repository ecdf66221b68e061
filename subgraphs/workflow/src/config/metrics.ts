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

export type MetricId = "task_time_to_claim" | "tasks_in_queue" | "release_rate" | "sla_breach_rate" | "sla_warning_rate";

export type MetricDefinition = {
  id: MetricId;
  name: string;
  aggregate: "count" | "ratio" | "duration";
  description: string;
  targets: readonly MetricTarget[];
  /** How the database computes it, composed from the building blocks in domain/metric-sql.ts. */
  query: MetricQuery;
};

/** The supervisor metrics the workflow domain computes, each with its own SQL. */
export const metricDefinitions: readonly MetricDefinition[] = [
  {
    id: "task_time_to_claim",
    name: "Task Time to Claim",
    aggregate: "duration",
    description: "Median seconds from a task's creation to its first claim.",
    targets: [{ stat: "p50", operator: "<", amount: 4, unit: "hours", label: "4h" }],
    query: (filters, typePrefix) => medianGap(filters, typePrefix, "created", "claimed"),
  },
  {
    id: "tasks_in_queue",
    name: "Tasks in Queue",
    aggregate: "count",
    description: "Tasks waiting to be claimed (status pending).",
    targets: [{ stat: "trend", direction: "down" }],
    query: (filters) => overTasks(filters, Prisma.sql`count(*)`, [Prisma.sql`t.status = 'pending'`]),
  },
  {
    id: "release_rate",
    name: "Release Rate",
    aggregate: "ratio",
    description: "Share of task events that are releases (a worker handing a claimed task back).",
    targets: [{ stat: "ratio", operator: "<", amount: 10, unit: "percent" }],
    query: (filters, typePrefix) =>
      overTaskEvents(filters, typePrefix, ratio(Prisma.sql`e.type = ${taskEventType(typePrefix, "released")}`)),
  },
  {
    id: "sla_breach_rate",
    name: "SLA Breach Rate",
    aggregate: "ratio",
    description: "Share of tasks with at least one breached SLA clock.",
    targets: [{ stat: "ratio", operator: "<", amount: 5, unit: "percent" }],
    query: (filters) => overTasks(filters, ratio(Prisma.sql`'breached' = ANY(t."slaStatuses")`)),
  },
  {
    id: "sla_warning_rate",
    name: "SLA Warning Rate",
    aggregate: "ratio",
    description: "Share of task events that are escalations because an SLA deadline approached.",
    targets: [{ stat: "ratio", operator: "<", amount: 15, unit: "percent" }],
    query: (filters, typePrefix) =>
      overTaskEvents(
        filters,
        typePrefix,
        ratio(Prisma.sql`e.type = ${taskEventType(typePrefix, "escalated")} AND e.data->>'reason' = 'sla_deadline_approaching'`),
      ),
  },
];
