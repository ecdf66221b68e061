import { badRequest, findPageInMemory, isUuid, listArguments } from "@pap/kernel";
import { builder } from "../builder";
import type { WorkflowContext } from "../context";
import { metricDefinitions, type MetricDefinition, type MetricTarget } from "../config/metrics";
import { metric, metricGroupings } from "../contract/metric";
import { computeMetric, type MetricFilters } from "../domain/metrics";
import { ProgramType } from "./task";

type ComputedMetric = { id: string; name: string; aggregate: string; value: number | null; breakdown?: Record<string, number | null>; targets: readonly MetricTarget[]; computedAt: Date };


const MetricGrouping = builder.enumType("MetricGrouping", { values: metricGroupings });

const MetricRef = builder.objectRef<ComputedMetric>("Metric").implement({
  description: metric.declaration.description,
  fields: (t) => t.declaredFields(metric.declaration.fields),
});

const MetricList = builder.defineListType("MetricList", MetricRef);

type FilterArgs = { groupBy?: string | null; from?: Date | null; to?: Date | null; queueId?: string | number | null; program?: string | null };

function filtersOf(args: FilterArgs): MetricFilters {
  if (args.queueId !== undefined && args.queueId !== null && !isUuid(String(args.queueId))) throw badRequest("Invalid 'queueId'.", [{ field: "queueId", message: "must be a uuid" }]);
  if (args.from && args.to && args.from.getTime() > args.to.getTime()) throw badRequest("'from' is after 'to'.", [{ field: "from", message: "must not be after 'to'" }]);
  return {
    ...(args.groupBy && { groupBy: args.groupBy as MetricFilters["groupBy"] }),
    ...(args.from && { from: args.from }),
    ...(args.to && { to: args.to }),
    ...(args.queueId && { queueId: String(args.queueId) }),
    ...(args.program && { program: args.program }),
  };
}

async function computed(context: WorkflowContext, definition: MetricDefinition, filters: MetricFilters): Promise<ComputedMetric> {
  const result = await computeMetric(context.db, definition, filters, context.eventSettings.typePrefix);
  return { id: definition.id, name: definition.name, aggregate: definition.aggregate, ...result, targets: definition.targets, computedAt: context.clock.now() };
}

builder.queryFields((t) => {
  const filterArgs = {
    groupBy: t.arg({ type: MetricGrouping, description: "Break the value down by queue or program." }),
    from: t.arg({ type: "DateTime", description: "Only events (and tasks created) at or after this instant." }),
    to: t.arg({ type: "DateTime", description: "Only events (and tasks created) at or before this instant." }),
    queueId: t.arg.id({ description: "Only tasks in this queue." }),
    program: t.arg({ type: ProgramType, description: "Only tasks of this program." }),
  };
  return {
    metrics: t.field({
      authScopes: { permission: "metrics:read" },
      type: MetricList,
      args: { ...listArguments(t.arg), ...filterArgs },
      resolve: async (_root, args, context) => {
        const filters = filtersOf(args);
        const all = await Promise.all(metricDefinitions.map((definition) => computed(context, definition, filters)));
        return findPageInMemory(metric.listSpec, args, all);
      },
    }),
    metric: t.field({
      authScopes: { permission: "metrics:read" },
      type: MetricRef,
      nullable: true,
      args: { id: t.arg.id({ required: true }), ...filterArgs },
      resolve: (_root, args, context) => {
        const definition = metricDefinitions.find((candidate) => candidate.id === String(args.id));
        return definition ? computed(context, definition, filtersOf(args)) : null;
      },
    }),
  };
});
