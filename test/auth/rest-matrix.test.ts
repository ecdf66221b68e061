// Every REST operation × every role (and no token at all, and the identity provider's API key),
// generated from the route table and what each operation's GraphQL field declares: 401 without a
// credential, 403 when the role's permissions (by its domain's table, hierarchy included) lack it,
// success when they include it; `me` needs any signed-in user, token claims only the API key.
// A route added later is covered without touching this file.
import { roles } from "@pap/kernel/auth";
import { domains } from "@pap/gateway";
import { restRoutes, type RestRoute } from "@pap/rest-compat";
import { Kind, parse, type OperationDefinitionNode } from "graphql";
import { expectedStatus, rootFieldRequirement, type Caller, type Requirement } from "../support/requirements";
import { useTestPlatform } from "../support/platform";
import { API_KEY, matrixToken, newUser, subjectOf } from "../support/matrix-fixtures";
import { isTaskAction, requestFor } from "../support/route-requests";

const { api, platform } = useTestPlatform("auth_matrix");

/** What the GraphQL field a route runs requires of its caller. */
function requirementOf(route: RestRoute): Requirement {
  const operation = parse(route.document).definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  const field = operation.selectionSet.selections[0];
  if (field?.kind !== Kind.FIELD) throw new Error(`${route.operationId}: no root field`);
  return rootFieldRequirement(operation.operation, field.name.value);
}

/**
 * A service call's metadata namespace belongs to one domain's service account (its id is the
 * namespace's name): a caller the operation admits, here with an id of its own, is refused the
 * namespace (403); data-exchange/service-calls.rest.test.ts writes one as its owner.
 */
const isNamespaceWrite = (route: RestRoute) => route.path.endsWith("/metadata/{domain}");
const successOf = (route: RestRoute) => (isTaskAction(route) ? 404 : isNamespaceWrite(route) ? 403 : route.docs.successStatus);

const callers: Caller[] = ["anonymous", "api_key", ...roles];
const routes = restRoutes(domains, { platformBasePath: "/platform" });
const matrix = routes.flatMap((route) => callers.map((caller) => [`${route.method} ${route.path} as ${caller}`, route, caller] as const));

describe("REST operations × roles", () => {
  beforeAll(async () => {
    // So that listing and reading events has something to show.
    await api.post("/persons", { name: { firstName: "Seed" } });
    for (const role of roles) await api.post("/identity-access/users", { ...newUser(), idpSubject: subjectOf(role), role });
  });

  it.each(matrix)("%s", async (_name, route, caller) => {
    const { path, body } = await requestFor(api, () => platform().database.prisma, route);
    const headers = caller === "anonymous" ? { authorization: "" } : caller === "api_key" ? API_KEY : await matrixToken(caller);
    const response = await api.raw(route.method, path, body, headers);
    // Path parameters name fixtures the admin created: never the caller's own records.
    const expected = expectedStatus(requirementOf(route), caller, successOf(route), { namesOthersRecord: route.path.includes("{") });
    expect({ status: response.status, code: response.body?.code }).toEqual({
      status: expected,
      code: expected === 401 ? "UNAUTHORIZED" : expected === 403 ? "FORBIDDEN" : response.body?.code,
    });
  });

  it("covers every route of the REST surface", () => {
    expect(new Set(matrix.map(([, route]) => route.operationId)).size).toBe(routes.length);
  });
});

// A caller the operation refuses learns that before anything about its request: whatever the body
// (not JSON, the wrong shape, invalid values) or the parameters, it gets the 401/403 it would get
// with a valid request, never a 400/422 that would tell it how the request is checked.
const writes = routes.filter((route) => route.method === "POST" || route.method === "PATCH" || route.method === "PUT");
const refusedCallers = (route: RestRoute) => callers.filter((caller) => expectedStatus(requirementOf(route), caller, 200) !== 200);
const malformed = writes.flatMap((route) =>
  refusedCallers(route).flatMap((caller) =>
    ["{not json", "[1]", JSON.stringify({ unexpected: "field" })].map(
      (body) => [`${route.method} ${route.path} as ${caller} with ${body}`, route, caller, body] as const,
    ),
  ),
);

describe("refused before validated", () => {
  it.each(malformed)("%s", async (_name, route, caller, body) => {
    const headers = caller === "anonymous" ? { authorization: "" } : caller === "api_key" ? API_KEY : await matrixToken(caller);
    const path = route.path.replace(/\{\w+\}/g, "not-a-valid-id");
    const response = await api.raw(route.method, path, body, headers);
    expect(response.status).toBe(expectedStatus(requirementOf(route), caller, 200));
  });

  it("checks every write route for at least one refused caller", () => {
    expect(new Set(malformed.map(([, route]) => route.operationId)).size).toBe(writes.length);
  });
});
