import { metric } from "./metric";
import { metricFilterFields } from "../domain/metric-filters";
import { taskMachine } from "../domain/task-machine";
import { task } from "./task";
import { queue } from "./queue";
import {
  type RestRoute,
  crudRoutes,
  declareRoute,
  found,
  listQueryArguments,
  listed,
  machineActionRoutes,
  pageOf,
  pathArgument,
  queryFieldArguments,
} from "@pap/kernel/rest";
import { z } from "zod";

const tag = "Workflow";
const base = "/workflow";

/** Targets leave out what they do not state; a metric without groupBy has no breakdown. */
const withoutNulls = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
const metricToRest = (metric: Record<string, unknown>) => {
  const { breakdown, targets, ...rest } = metric;
  return { ...rest, ...(breakdown !== null && { breakdown }), targets: (targets as Record<string, unknown>[]).map(withoutNulls) };
};
/** The metric as metricToRest answers it, for the OpenAPI document: what it leaves out is optional, not null. */
const nullsLeftOut = (shape: Record<string, z.ZodType>) =>
  Object.fromEntries(
    Object.entries(shape).map(([name, type]) => [name, type instanceof z.ZodNullable ? (type.unwrap() as z.ZodType).optional() : type]),
  );
const metricTarget = (metric.response.shape.targets as z.ZodArray<z.ZodObject>).element;
const metricResponse = metric.response.extend({
  breakdown: ((metric.response.shape.breakdown as z.ZodNullable).unwrap() as z.ZodType).optional(),
  targets: z.array(z.object(nullsLeftOut(metricTarget.shape)).strict()),
});

const queueRoutes = crudRoutes({ resource: queue, tag, collectionPath: `${base}/queues`, idParam: "queueId" }).map((route) =>
  // A taken name conflicts on create and update; a configured queue, or one open tasks wait in, cannot be deleted.
  route.method === "GET"
    ? route
    : { ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, 409])].sort() } },
);

const taskRoutes = crudRoutes({ resource: task, tag, collectionPath: `${base}/tasks`, idParam: "taskId" });

const actionRoutes = machineActionRoutes({
  machine: taskMachine,
  resource: task,
  tag,
  itemPaths: [`${base}/tasks/{taskId}`],
  idParam: "taskId",
});

/** The metric filters, as query parameters: a malformed one is a 400 naming it. */
const metricFilters = queryFieldArguments(metricFilterFields, "Invalid metric parameters.");

const metricRoutes: RestRoute[] = [
  declareRoute({
    method: "GET",
    path: `${base}/metrics`,
    operationId: "listMetrics",
    summary: "Compute the supervisor metrics",
    tag,
    operation: "query",
    field: "metrics",
    args: [listQueryArguments(metric.listSpec), metricFilters],
    result: pageOf(metric),
    answer: listed({ toRest: metricToRest }),
    docs: { errorStatuses: [400, 500], response: metricResponse },
  }),
  declareRoute({
    method: "GET",
    path: `${base}/metrics/{metricId}`,
    operationId: "getMetric",
    summary: "Compute one supervisor metric",
    tag,
    operation: "query",
    field: "metric",
    args: [pathArgument("metricId", { argument: "id" }), metricFilters],
    result: metric,
    answer: found("metricId", { toRest: metricToRest }),
    docs: { errorStatuses: [400, 404, 500], response: metricResponse },
  }),
];

/** The workflow domain (SPEC §4.4): queues, tasks and their actions, metrics. */
export const workflowRoutes: RestRoute[] = [...queueRoutes, ...taskRoutes, ...actionRoutes, ...metricRoutes];
