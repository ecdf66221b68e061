import { metric, metricGroupings } from "./metric";
import { taskMachine } from "../domain/task-machine";
import { programTypes, task } from "./task";
import { queue } from "./queue";
import { badRequest, notFound } from "@pap/core";
import { detailsFromZod } from "@pap/kernel/validation";
import { listParamsFromQuery } from "@pap/kernel/list";
import type { RestRequest, RestRoute } from "@pap/kernel/domain";
import { crudRoutes, machineActionRoutes } from "@pap/kernel/rest";
import { z } from "zod";

const tag = "Workflow";
const base = "/workflow";

/** Targets leave out what they do not state; a metric without groupBy has no breakdown. */
const withoutNulls = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
const metricToRest = (metric: Record<string, unknown>) => {
  const { breakdown, targets, ...rest } = metric;
  return { ...rest, ...(breakdown !== null && { breakdown }), targets: (targets as Record<string, unknown>[]).map(withoutNulls) };
};

const queueRoutes = crudRoutes({ resource: queue, tag, collectionPath: `${base}/queues`, idParam: "queueId" }).map((route) =>
  // A taken name conflicts on create and update; a configured queue, or one open tasks wait in, cannot be deleted.
  route.method === "GET" ? route : { ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, 409])].sort() } },
);

const taskRoutes = crudRoutes({ resource: task, tag, collectionPath: `${base}/tasks`, idParam: "taskId" });

const actionRoutes = machineActionRoutes({ machine: taskMachine, resource: task, tag, itemPaths: [`${base}/tasks/{taskId}`], idParam: "taskId" });

const metricParams = z.strictObject({
  groupBy: z.enum(metricGroupings, { message: `must be one of: ${metricGroupings.join(", ")}` }).optional(),
  from: z.iso.datetime({ offset: true, message: "must be a date-time (ISO 8601 with time zone)" }).optional(),
  to: z.iso.datetime({ offset: true, message: "must be a date-time (ISO 8601 with time zone)" }).optional(),
  queueId: z.uuid({ message: "must be a uuid" }).optional(),
  program: z.enum(programTypes, { message: `must be one of: ${programTypes.join(", ")}` }).optional(),
});
const metricParamNames = Object.keys(metricParams.shape);

/** The metric filters from the query string: malformed ones are 400 with the parameter named. */
function metricFilters(request: RestRequest) {
  const given = Object.fromEntries(metricParamNames.filter((name) => request.query[name] !== undefined).map((name) => [name, request.query[name]]));
  const parsed = metricParams.safeParse(given);
  if (!parsed.success) throw badRequest("Invalid metric parameters.", detailsFromZod(parsed.error));
  return parsed.data;
}

const filterDeclarations = "$groupBy: MetricGrouping, $from: DateTime, $to: DateTime, $queueId: ID, $program: ProgramType";
const filterArguments = "groupBy: $groupBy, from: $from, to: $to, queueId: $queueId, program: $program";
const metricQueryParameters = [
  { name: "groupBy", description: "queueId or programType: the value is null and breakdown maps each group to its value." },
  { name: "from", description: "Only events (and tasks created) at or after this instant (ISO 8601)." },
  { name: "to", description: "Only events (and tasks created) at or before this instant (ISO 8601)." },
  { name: "queueId", description: "Only tasks in this queue." },
  { name: "program", description: "Only tasks of this program." },
];

const metricRoutes: RestRoute[] = [
  {
    method: "GET",
    path: `${base}/metrics`,
    operationId: "listMetrics",
    summary: "Compute the supervisor metrics",
    tag,
    document: `query ($q: String, $sort: String, $limit: Int, $offset: Int, ${filterDeclarations}) {
      result: metrics(q: $q, sort: $sort, limit: $limit, offset: $offset, ${filterArguments}) { items { ${metric.selection} } total limit offset hasNext } }`,
    variables: (request) => ({ ...listParamsFromQuery(request.query), ...metricFilters(request) }),
    respond: (result) => {
      const list = result as { items: Record<string, unknown>[] };
      return { status: 200, body: { ...list, items: list.items.map(metricToRest) } };
    },
    docs: { list: metric.listSpec, response: metric.response, queryParameters: metricQueryParameters, successStatus: 200, errorStatuses: [400, 500] },
  },
  {
    method: "GET",
    path: `${base}/metrics/{metricId}`,
    operationId: "getMetric",
    summary: "Compute one supervisor metric",
    tag,
    document: `query ($id: ID!, ${filterDeclarations}) { result: metric(id: $id, ${filterArguments}) { ${metric.selection} } }`,
    variables: (request) => ({ id: request.params.metricId ?? "", ...metricFilters(request) }),
    respond: (result, request) => {
      if (!result) throw notFound("Metric", request.params.metricId ?? "");
      return { status: 200, body: metricToRest(result as Record<string, unknown>) };
    },
    docs: { response: metric.response, queryParameters: metricQueryParameters, successStatus: 200, errorStatuses: [400, 404, 500] },
  },
];

/** The workflow domain (SPEC §4.4): queues, tasks and their actions, metrics. */
export const workflowRoutes: RestRoute[] = [...queueRoutes, ...taskRoutes, ...actionRoutes, ...metricRoutes];
