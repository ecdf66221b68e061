import { Supergraph } from "@apollo/federation-internals";
import { domains, loadSupergraph } from "@pap/gateway";
import { eventStreamOperations } from "@pap/platform/contract";
import { parse, validate } from "graphql";

/**
 * Every GraphQL document the REST surface sends is derived from a route's declaration (its root field,
 * its arguments' types, its result's selection). Each must be a valid operation of the composed graph
 * as clients see it: a renamed field or argument, or an argument declared with the wrong type, fails
 * here by route, rather than as a 500 on the first request that takes that route.
 */
const apiSchema = Supergraph.build(loadSupergraph()).apiSchema().toGraphQLJSSchema();
const routes = domains.flatMap((domain) => domain.restRoutes({ platformBasePath: "/platform" }));
const problemsOf = (document: string) => validate(apiSchema, parse(document)).map((error) => error.message);

describe("the documents the REST surface sends the graph", () => {
  it("covers every route", () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route.document]))("%s is a valid operation", (_route, document) => {
    expect(problemsOf(document)).toEqual([]);
  });

  it.each(Object.entries(eventStreamOperations))("the event stream's %s operation is valid", (_name, document) => {
    expect(problemsOf(document)).toEqual([]);
  });

  it("would catch an argument declared with the wrong type", () => {
    expect(problemsOf(eventStreamOperations.live.replace("EventStreamFilter", "String"))).not.toEqual([]);
  });
});
