import { benefitPrograms, DAY_MS, defineConfigSection, FIPS_CODE, HOUR_MS, MINUTE_MS, type Environment } from "@pap/core";
import { z } from "zod";
import { taskStatuses } from "../contract/task-status";
import type { RoutingTable } from "../domain/routing";
import { slaClockOf } from "../domain/task-machine";
import { builtInApplicationClocks, type ApplicationClockRule } from "./application-tasks";
import { builtInMetrics, metricDefinitionOf, metricIds, type MetricDefinition } from "./metrics";
import { builtInQueues, type QueueDefinition } from "./queues";
import { builtInSlaTypes, type DurationUnit, type SlaType } from "./sla-types";

/** The built-in routing (configuration §3): SNAP-only work to snap-intake, the rest to general-intake. */
const builtInRouting = { rules: [{ queue: "snap-intake", when: { programs: ["snap" as const] } }], defaultQueue: "general-intake" };

// YAML reads 06029 unquoted as the number 6029: say how to write it rather than only that a string was expected.
const county = z
  .string({ error: 'must be a five-digit county FIPS code, quoted ("06029")' })
  .regex(FIPS_CODE, "must be a five-digit county FIPS code");
const program = z.enum(benefitPrograms);
const name = z.string().trim().min(1, "must not be empty").max(200);

const queueEntry = z.strictObject({
  id: z.uuid(),
  name,
  description: z.string().max(2000).default(""),
  county: county.optional(),
});

// The machine's stopping states end a clock whatever its type says: a type pauses only in open states,
// and by default in those the machine marks as waits (on the client, on a verification).
const openStatuses = taskStatuses.filter((status) => slaClockOf(status) !== "stopped");
const defaultPauseWhen = taskStatuses.filter((status) => slaClockOf(status) === "paused");
const slaTypeEntry = z.strictObject({
  code: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, "must be a lower-case code such as tanf_standard"),
  name,
  duration: z.strictObject({ amount: z.number().int().min(1), unit: z.enum(["minutes", "hours", "days"]) }),
  warningThresholdPercent: z.number().int().min(1).max(99),
  pauseWhen: z.array(z.enum(openStatuses)).optional(),
  autoAssignWhen: z
    .strictObject({
      taskType: z.string().min(1).optional(),
      programType: program.optional(),
      isExpedited: z.boolean().optional(),
      subjectType: z.string().min(1).optional(),
    })
    .optional(),
});

const clockRule = z.strictObject({ program, expedited: z.boolean().optional(), slaType: z.string().min(1) });

const routingRule = z.strictObject({
  queue: name,
  when: z
    .strictObject({
      programs: z.array(program).min(1).optional(),
      counties: z.array(county).min(1).optional(),
      expedited: z.boolean().optional(),
    })
    .default({}),
});

const metricTarget = z.strictObject({
  stat: z.string().min(1),
  operator: z.enum(["<", "<=", ">", ">=", "=="]).optional(),
  amount: z.number().optional(),
  unit: z.enum(["hours", "minutes", "days", "percent", "count"]).optional(),
  label: z.string().optional(),
  direction: z.enum(["up", "down"]).optional(),
});
const metricEntry = z.strictObject({
  id: z.enum(metricIds),
  name,
  description: z.string().max(2000),
  targets: z.array(metricTarget).default([]),
});

/** Each value of `key` named once in `entries`, or a problem at the second. */
function uniqueBy<T>(
  entries: readonly T[],
  key: (entry: T) => string,
  at: (string | number)[],
  field: string,
  what: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Map<string, number>();
  entries.forEach((entry, index) => {
    const value = key(entry).toLowerCase();
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else ctx.addIssue({ code: "custom", path: [...at, index, field], message: `repeats the ${what} of entry ${first} (${key(entry)})` });
  });
}

const workflowSchema = z
  .strictObject({
    // A key left out keeps its built-in value; a key given replaces that value whole.
    queues: z.array(queueEntry).min(1, "must name at least one queue").prefault(builtInQueues),
    slaTypes: z.array(slaTypeEntry).min(1, "must name at least one SLA type (tasks name them by code)").prefault(builtInSlaTypes),
    applicationClocks: z.array(clockRule).prefault(builtInApplicationClocks),
    routing: z.strictObject({ rules: z.array(routingRule).default([]), defaultQueue: name }).prefault(builtInRouting),
    metrics: z.array(metricEntry).prefault(builtInMetrics),
  })
  .superRefine((config, ctx) => {
    uniqueBy(config.queues, (queue) => queue.id, ["queues"], "id", "id", ctx);
    uniqueBy(config.queues, (queue) => queue.name, ["queues"], "name", "name", ctx);
    uniqueBy(config.slaTypes, (type) => type.code, ["slaTypes"], "code", "code", ctx);
    uniqueBy(config.metrics, (metric) => metric.id, ["metrics"], "id", "id", ctx);
    const queues = new Map(config.queues.map((queue) => [queue.name, queue]));
    const codes = new Set(config.slaTypes.map((type) => type.code));
    config.applicationClocks.forEach((rule, index) => {
      if (!codes.has(rule.slaType))
        ctx.addIssue({
          code: "custom",
          path: ["applicationClocks", index, "slaType"],
          message: `names no SLA type of slaTypes (${rule.slaType})`,
        });
    });
    config.routing.rules.forEach((rule, index) => {
      const queue = queues.get(rule.queue);
      if (!queue) {
        ctx.addIssue({ code: "custom", path: ["routing", "rules", index, "queue"], message: `names no queue of queues (${rule.queue})` });
        return;
      }
      // A county's queue is seen by that county's workers only (county scoping): work of other counties sent there would be lost to them.
      if (queue.county && (rule.when.counties?.length !== 1 || rule.when.counties[0] !== queue.county))
        ctx.addIssue({
          code: "custom",
          path: ["routing", "rules", index, "when", "counties"],
          message: `must be [${queue.county}]: the rule sends work to ${queue.name}, the queue of county ${queue.county}`,
        });
    });
    const fallback = queues.get(config.routing.defaultQueue);
    if (!fallback)
      ctx.addIssue({
        code: "custom",
        path: ["routing", "defaultQueue"],
        message: `names no queue of queues (${config.routing.defaultQueue})`,
      });
    else if (fallback.county)
      ctx.addIssue({
        code: "custom",
        path: ["routing", "defaultQueue"],
        message: `must be a state queue (without a county): ${fallback.name} is county ${fallback.county}'s`,
      });
  });

export type WorkflowSection = z.output<typeof workflowSchema>;

/** The workflow's configuration as its code reads it: durations in milliseconds, metrics with their computations. */
export type WorkflowConfig = {
  queues: readonly QueueDefinition[];
  slaTypes: readonly SlaType[];
  applicationClocks: readonly ApplicationClockRule[];
  routing: RoutingTable;
  metrics: readonly MetricDefinition[];
};

const unitMs: Record<DurationUnit, number> = { minutes: MINUTE_MS, hours: HOUR_MS, days: DAY_MS };

export function workflowConfigOf(section: WorkflowSection): WorkflowConfig {
  return {
    queues: section.queues.map((queue) => ({ ...queue, county: queue.county ?? null })),
    slaTypes: section.slaTypes.map(({ duration, pauseWhen, ...type }) => ({
      ...type,
      durationMs: duration.amount * unitMs[duration.unit],
      pauseWhen: pauseWhen ?? defaultPauseWhen,
    })),
    applicationClocks: section.applicationClocks,
    routing: section.routing,
    metrics: section.metrics.map(metricDefinitionOf),
  };
}

const counted = (count: number, what: string) => `${count} ${what}${count === 1 ? "" : "s"}`;

/** The workflow's section of the deployment's configuration; the built-in defaults are the platform's baseline. */
export const workflowSection = defineConfigSection(
  "workflow",
  workflowSchema,
  {
    queues: builtInQueues,
    slaTypes: builtInSlaTypes,
    applicationClocks: builtInApplicationClocks,
    routing: builtInRouting,
    metrics: builtInMetrics,
  },
  (section) =>
    `${counted(section.queues.length, "queue")}, ${counted(section.slaTypes.length, "SLA type")}, ` +
    `${counted(section.applicationClocks.length, "application clock")}, ` +
    `${counted(section.routing.rules.length, "routing rule")} (default ${section.routing.defaultQueue}), ${counted(section.metrics.length, "metric")}`,
);

/** The built-in defaults as the code reads them, whatever the process's file says (the unit tests' baseline). */
export const builtInWorkflowConfig = (): WorkflowConfig => workflowConfigOf(workflowSection.schema.parse(workflowSection.defaults));

const resolved = new WeakMap<WorkflowSection, WorkflowConfig>();

/** The process's workflow configuration (PLATFORM_CONFIG's, or the built-in defaults). */
export function workflowConfig(env: Environment = process.env): WorkflowConfig {
  const section = workflowSection.read(env);
  let config = resolved.get(section);
  if (!config) resolved.set(section, (config = workflowConfigOf(section)));
  return config;
}

/**
 * The SLA type codes a task may name: the GraphQL enum and the body's check are built from them, so
 * they are read when the contract loads (a deployment's types are known before any schema is built).
 * A file with problems gives the built-in codes here: loading a contract must not throw before the
 * launcher has checked the whole file and listed every problem, and no platform starts on it.
 */
function codesAtLoad(): [string, ...string[]] {
  let types: readonly SlaType[];
  try {
    types = workflowConfig().slaTypes;
  } catch {
    types = builtInWorkflowConfig().slaTypes;
  }
  return types.map((type) => type.code) as [string, ...string[]];
}

export const slaTypeCodes = codesAtLoad();
