import { auditEntry } from "./audit-entry";
import { event, publishedEventBody } from "./event";
import { policy } from "./policy";
import { searchHitToRest, searchResultsBody, typesFromQuery } from "./search";
import {
  type RestRequest,
  type RestRoute,
  created,
  crudRoutes,
  declareRoute,
  found,
  graphDocument,
  listQueryArguments,
  listed,
  objectBodyArgument,
  pageOf,
  pathArgument,
  queryTextArgument,
  readArgument,
} from "@pap/kernel/rest";

/**
 * What `GET …/events/stream` sends the graph (it is no JSON route, so it is not declared as one): the
 * log's head, where a new stream starts, and the subscription whose events it relays as frames.
 */
export const eventStreamOperations = {
  head: graphDocument("query", "eventLogPosition", [], undefined),
  live: graphDocument(
    "subscription",
    "events",
    [
      { variable: "filter", argument: "filter", type: "EventStreamFilter" },
      { variable: "after", argument: "after", type: "String" },
    ],
    `position ${event.selection}`,
  ),
};

/** CloudEvents' JSON format leaves absent attributes out rather than writing null. */
export const eventToRest = (event: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(event).filter(([, value]) => value !== null));

/** An event is shown as it was published. */
const eventResponse = publishedEventBody;

/** The event list's filters beside `q`, each a query parameter passed to the graph's argument of the same name. */
const eventFilters = [
  queryTextArgument("type", "Exact type, or a prefix ending in '*' (intake.*)."),
  queryTextArgument("source", "Producing domain's base path (/intake)."),
  queryTextArgument("subject", "Id of the entity the events concern."),
  queryTextArgument("traceid", "W3C trace id (32 hex digits): the events of one causal chain."),
  queryTextArgument("start", "Earliest time, inclusive (ISO 8601)."),
  queryTextArgument("end", "Latest time, inclusive (ISO 8601)."),
];

/** The kinds a search covers, repeated or comma-separated. */
const searchTypes = (request: RestRequest) => typesFromQuery(request.query.types);

/** The platform domain (SPEC §4.1) under its base path, `/platform` unless a deployment moves it. */
export function platformRoutes(basePath: string): RestRoute[] {
  const tag = "Platform";
  return [
    declareRoute({
      method: "GET",
      path: `${basePath}/events`,
      operationId: "listEvents",
      summary: "List events, oldest first",
      tag,
      operation: "query",
      field: "events",
      args: [listQueryArguments(event.listSpec), ...eventFilters],
      result: pageOf(event),
      answer: listed({ toRest: eventToRest }),
      docs: { response: eventResponse, errorStatuses: [400, 500] },
    }),
    declareRoute({
      method: "POST",
      path: `${basePath}/events`,
      operationId: "publishEvent",
      summary: "Record an event produced by a domain",
      tag,
      operation: "mutation",
      field: "publishEvent",
      args: [objectBodyArgument("event")],
      result: event,
      answer: created({ toRest: eventToRest }),
      docs: { body: publishedEventBody, response: eventResponse, errorStatuses: [400, 409, 422, 500] },
    }),
    declareRoute({
      method: "GET",
      path: `${basePath}/events/{eventId}`,
      operationId: "getEvent",
      summary: "Get one event",
      tag,
      operation: "query",
      field: "event",
      args: [pathArgument("eventId", { argument: "id" })],
      result: event,
      answer: found("eventId", { toRest: eventToRest }),
      docs: { response: eventResponse, errorStatuses: [404, 500] },
    }),
    declareRoute({
      method: "GET",
      path: `${basePath}/search`,
      operationId: "search",
      summary: "Search persons, cases, applications, tasks and appointments at once",
      tag,
      operation: "query",
      field: "search",
      // Search has no sort (best match first, else newest first): `sort` is read and not used.
      args: [listQueryArguments(undefined, { sorted: false }), readArgument("types", "[String!]", searchTypes)],
      result: searchResultsBody,
      answer: listed({ toRest: searchHitToRest }),
      docs: {
        queryParameters: [
          {
            name: "q",
            description:
              "Words to find: whole words, else as words' beginnings, else a name close to them (a typo); best match first. Without it, the newest records.",
          },
          {
            name: "types",
            description:
              "Kinds to search: person, case, application, task, appointment (repeated or comma-separated; unknown names ignored).",
          },
          { name: "limit", description: "Page size, 1 to 100 (default 25)." },
          { name: "offset", description: "Results to skip (default 0)." },
        ],
        errorStatuses: [400, 500],
      },
    }),
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
    ...crudRoutes({
      resource: auditEntry,
      tag,
      collectionPath: `${basePath}/audit`,
      idParam: "auditEntryId",
      only: ["list", "get"],
      summaries: {
        list: "List the audit trail of sensitive reads, newest first (state administrators and auditors)",
        get: "Get one audit entry",
      },
    }),
  ];
}
