import { event, publishedEventBody } from "./event";
import { policy } from "./policy";
import { crudRoutes, listParamsFromQuery, notFound, requireObjectBody } from "@pap/kernel";
import type { RestRequest, RestRoute } from "@pap/kernel";

/** The envelope fields of an event, as the graph names them. */
export const EVENT_SELECTION = event.selection;

/** CloudEvents' JSON format leaves absent attributes out rather than writing null. */
export const eventToRest = (event: Record<string, unknown>) => Object.fromEntries(Object.entries(event).filter(([, value]) => value !== null));

/** An event is shown as it was published. */
const eventResponse = publishedEventBody;

const text = (request: RestRequest, name: string) => {
  const value = request.query[name];
  return typeof value === "string" ? value : undefined;
};

const listResponse = (toRest: (item: Record<string, unknown>) => unknown) => (result: unknown) => {
  const list = result as { items: Record<string, unknown>[] };
  return { status: 200, body: { ...list, items: list.items.map(toRest) } };
};

const eventFilters = ["type", "source", "subject", "traceid", "start", "end"] as const;

/** The platform domain (SPEC §4.1) under its base path, `/platform` unless a deployment moves it. */
export function platformRoutes(basePath: string): RestRoute[] {
  const tag = "Platform";
  return [
    {
      method: "GET",
      path: `${basePath}/events`,
      operationId: "listEvents",
      summary: "List events, oldest first",
      tag,
      document: `query ($q: String, $sort: String, $limit: Int, $offset: Int, ${eventFilters.map((name) => `$${name}: String`).join(", ")}) {
        result: events(q: $q, sort: $sort, limit: $limit, offset: $offset, ${eventFilters.map((name) => `${name}: $${name}`).join(", ")}) {
          items { ${EVENT_SELECTION} } total limit offset hasNext } }`,
      variables: (request) => ({ ...listParamsFromQuery(request.query), ...Object.fromEntries(eventFilters.map((name) => [name, text(request, name)])) }),
      respond: listResponse(eventToRest),
      docs: {
        list: event.listSpec,
        response: eventResponse,
        queryParameters: [
          { name: "type", description: "Exact type, or a prefix ending in '*' (intake.*)." },
          { name: "source", description: "Producing domain's base path (/intake)." },
          { name: "subject", description: "Id of the entity the events concern." },
          { name: "traceid", description: "W3C trace id (32 hex digits): the events of one causal chain." },
          { name: "start", description: "Earliest time, inclusive (ISO 8601)." },
          { name: "end", description: "Latest time, inclusive (ISO 8601)." },
        ],
        successStatus: 200,
        errorStatuses: [400, 500],
      },
    },
    {
      method: "POST",
      path: `${basePath}/events`,
      operationId: "publishEvent",
      summary: "Record an event produced by a domain",
      tag,
      document: `mutation ($event: JSONObject!) { result: publishEvent(event: $event) { ${EVENT_SELECTION} } }`,
      variables: (request) => ({ event: requireObjectBody(request.body) }),
      respond: (result, request) => {
        const event = eventToRest(result as Record<string, unknown>) as { id: string };
        return { status: 201, body: event, headers: { location: `${request.url.split("?")[0]}/${event.id}` } };
      },
      docs: { body: publishedEventBody, response: eventResponse, successStatus: 201, errorStatuses: [400, 409, 422, 500] },
    },
    {
      method: "GET",
      path: `${basePath}/events/{eventId}`,
      operationId: "getEvent",
      summary: "Get one event",
      tag,
      document: `query ($id: ID!) { result: event(id: $id) { ${EVENT_SELECTION} } }`,
      variables: (request) => ({ id: request.params.eventId ?? "" }),
      respond: (result, request) => {
        if (!result) throw notFound("Event", request.params.eventId ?? "");
        return { status: 200, body: eventToRest(result as Record<string, unknown>) };
      },
      docs: { response: eventResponse, successStatus: 200, errorStatuses: [404, 500] },
    },
    ...crudRoutes({
      resource: policy,
      tag,
      collectionPath: `${basePath}/registry/policies`,
      idParam: "policyId",
      only: ["list", "get"],
      summaries: { list: "List the policies the platform's rules cite", get: "Get one policy by its slug" },
      // Like an event's, a policy's absent attributes (no citation URL) are left out rather than written null.
      toRest: eventToRest,
    }),
  ];
}
