import { z } from "zod";
import { defineResource } from "../resource";
import { answerOf, found, listed } from "./answers";
import { listQueryArguments, pathArgument, queryFieldArguments, resourceBodyArgument } from "./arguments";
import { declareRoute } from "./declare";
import { pageOf } from "./result";
import { variablesOf } from "./variables";

const visit = defineResource({
  name: "Visit",
  plural: "visits",
  fields: {
    id: { kind: "uuid" },
    title: { kind: "string", write: "always", required: true, sort: true },
    place: { kind: "object", objectName: "Place", fields: { city: { kind: "string" } } },
  },
  list: { defaultSort: "title" },
});

const request = (query: Record<string, unknown> = {}, body?: unknown) => ({
  params: { visitId: "v-1" },
  query,
  body,
  url: "/visits/v-1?x=1",
});

describe("a declared route", () => {
  it("calls its root field with its arguments and selects its result, nested records and all", () => {
    const route = declareRoute({
      method: "POST",
      path: "/visits/{visitId}/moves",
      operationId: "moveVisit",
      summary: "Move a visit",
      tag: "Visits",
      operation: "mutation",
      field: "moveVisit",
      args: [pathArgument("visitId", { argument: "id" }), resourceBodyArgument(visit, "update")],
      result: { moved: z.boolean(), visit },
      answer: found("visitId"),
      docs: { errorStatuses: [404] },
    });
    expect(route.document).toBe(
      "mutation ($id: ID!, $input: VisitUpdateInput!) { result: moveVisit(id: $id, input: $input) { moved visit { id title place { city } } } }",
    );
    expect(route.docs).toMatchObject({ body: visit.updateBody, successStatus: 200, errorStatuses: [404] });
    expect(variablesOf(route.args, request({}, { id: "sent back", title: "Home" }))).toEqual({ id: "v-1", input: { title: "Home" } });
    expect(() => variablesOf(route.args, request({}, {}))).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("lists with filters added to q, and query parameters declared as fields checked together", () => {
    const route = declareRoute({
      method: "GET",
      path: "/visits",
      operationId: "listVisits",
      summary: "List visits",
      tag: "Visits",
      operation: "query",
      field: "visits",
      args: [
        listQueryArguments(visit.listSpec, {
          filters: [{ name: "city", values: ["Lyon", "Oslo"], description: "Only the visits in this city." }],
        }),
        queryFieldArguments(
          {
            after: { kind: "datetime", description: "Only visits after this instant." },
            near: { kind: "uuid", description: "Only visits near this place." },
          },
          "Invalid visit parameters.",
        ),
      ],
      result: pageOf(visit),
      answer: listed(),
      docs: { errorStatuses: [400] },
    });
    expect(route.document).toBe(
      "query ($q: String, $sort: String, $limit: Int, $offset: Int, $after: DateTime, $near: ID) { result: visits(q: $q, sort: $sort, limit: $limit, offset: $offset, after: $after, near: $near) { items { id title place { city } } total limit offset hasNext } }",
    );
    expect(route.docs.queryParameters?.map((parameter) => parameter.name)).toEqual(["city", "after", "near"]);
    expect(route.docs.list).toBe(visit.listSpec);
    expect(variablesOf(route.args, request({ q: "title:Home", city: "Oslo", limit: "5" }))).toEqual({
      q: "title:Home city:Oslo",
      limit: 5,
    });
    let refusal: unknown;
    try {
      variablesOf(route.args, request({ after: "yesterday", near: "here" }));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      status: 400,
      message: "Invalid visit parameters.",
      details: [{ field: "after" }, { field: "near", message: "must be a uuid" }],
    });
  });

  it("answers 404 naming the record by its path parameter when the graph found none", () => {
    const route = declareRoute({
      method: "GET",
      path: "/visits/{visitId}",
      operationId: "getVisit",
      summary: "Get a visit",
      tag: "Visits",
      operation: "query",
      field: "visit",
      args: [pathArgument("visitId", { argument: "id" })],
      result: visit,
      answer: found("visitId"),
      docs: { errorStatuses: [404] },
    });
    expect(() => answerOf(route.answer, null, request())).toThrow(
      expect.objectContaining({ status: 404, message: expect.stringContaining("v-1") }),
    );
    expect(answerOf(route.answer, { id: "v-1" }, request())).toEqual({ status: 200, body: { id: "v-1" } });
  });
});
