import { event, publishedEventBody } from "./event";
import { policy } from "./policy";
import { SEARCH_SELECTION, searchHitToRest, searchResultsBody, typesFromQuery } from "./search";
import { notFound } from "@pap/core";
import { requireObjectBody } from "@pap/kernel/validation";
import { listParamsFromQuery } from "@pap/kernel/list";
import type { RestRequest, RestRoute } from "@pap/kernel/domain";
import { crudRoutes } from "@pap/kernel/rest";

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
    {
      method: "GET",
      path: `${basePath}/search`,
      operationId: "search",
      summary: "Search persons, cases, applications, tasks and appointments at once",
      tag,
      document: `query ($q: String, $types: [String!], $limit: Int, $offset: Int) {
        result: search(q: $q, types: $types, limit: $limit, offset: $offset) { ${SEARCH_SELECTION} } }`,
      variables: (request) => {
        // Search has no sort (best match first, else newest first): `sort` is read and not used.
        const { q, limit, offset } = listParamsFromQuery(request.query);
        return { q, limit, offset, types: typesFromQuery(request.query.types) };
      },
      respond: (result) => {
        const found = result as { items: Parameters<typeof searchHitToRest>[0][] };
        return { status: 200, body: { ...found, items: found.items.map(searchHitToRest) } };
      },
      docs: {
        queryParameters: [
          { name: "q", description: "Words to find: whole words, else as words' beginnings, else a name close to them (a typo); best match first. Without it, the newest records." },
          { name: "types", description: "Kinds to search: person, case, application, task, appointment (repeated or comma-separated; unknown names ignored)." },
          { name: "limit", description: "Page size, 1 to 100 (default 25)." },
          { name: "offset", description: "Results to skip (default 0)." },
        ],
        response: searchResultsBody,
        successStatus: 200,
        errorStatuses: [400, 500],
      },
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
