import { findPageInMemory } from "@pap/kernel/list";
import { graphTypeNameOf } from "@pap/kernel/resource";
import { listArguments } from "@pap/kernel/graphql";
import type { QueryField } from "@pap/kernel/rest";
import { builder } from "../builder";
import type { WorkflowContext } from "../context";
import { workflowConfig } from "../config/deployment";
import type { MetricDefinition, MetricTarget } from "../config/metrics";
import { metric } from "../contract/metric";
import { metricFilterFields, metricFiltersFrom, type MetricFilterArgs } from "../domain/metric-filters";
import { computeMetric, type MetricFilters } from "../domain/metrics";

type ComputedMetric = {
  id: string;
  name: string;
  aggregate: string;
  value: number | null;
  breakdown?: Record<string, number | null>;
  targets: readonly MetricTarget[];
  computedAt: Date;
};

const MetricRef = builder.objectRef<ComputedMetric>("Metric").implement({
  description: metric.declaration.description,
  fields: (t) => t.declaredFields(metric.declaration.fields),
});

const MetricList = builder.defineListType("MetricList", MetricRef);

async function computed(context: WorkflowContext, definition: MetricDefinition, filters: MetricFilters): Promise<ComputedMetric> {
  // A caller confined to counties counts their counties' tasks only (county scoping).
  const reach = await context.countyReach();
  const scoped = reach === undefined ? filters : { ...filters, counties: reach };
  const result = await computeMetric(context.db, definition, scoped, context.eventSettings.typePrefix);
  return {
    id: definition.id,
    name: definition.name,
    aggregate: definition.aggregate,
    ...result,
    targets: definition.targets,
    computedAt: context.clock.now(),
  };
}

builder.queryFields((t) => {
  // The declared filters, each the argument of its name (an enum's type built once: ProgramType is the task's).
  const filterArg = (field: QueryField) =>
    t.arg({
      type: (field.kind === "enum" ? builder.enumTypeOf(field) : graphTypeNameOf(field)) as "String",
      description: field.description,
    });
  const filterArgs = Object.fromEntries(Object.entries(metricFilterFields).map(([name, field]) => [name, filterArg(field)])) as Record<
    keyof MetricFilterArgs,
    ReturnType<typeof filterArg>
  >;
  return {
    metrics: t.field({
      authScopes: { permission: "metrics:read" },
      type: MetricList,
      args: { ...listArguments(t.arg), ...filterArgs },
      resolve: async (_root, args, context) => {
        const filters = metricFiltersFrom(args as MetricFilterArgs);
        const all = await Promise.all(workflowConfig().metrics.map((definition) => computed(context, definition, filters)));
        return findPageInMemory(metric.listSpec, args, all);
      },
    }),
    metric: t.field({
      authScopes: { permission: "metrics:read" },
      type: MetricRef,
      nullable: true,
      args: { id: t.arg.id({ required: true }), ...filterArgs },
      resolve: (_root, args, context) => {
        const definition = workflowConfig().metrics.find((candidate) => candidate.id === String(args.id));
        return definition ? computed(context, definition, metricFiltersFrom(args as MetricFilterArgs)) : null;
      },
    }),
  };
});
