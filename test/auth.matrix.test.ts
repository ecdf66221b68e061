// Every REST operation × every role (and no token at all), generated from the route table and the
// permission each operation's GraphQL field declares: 401 without a token, 403 when the role's
// permissions (by its domain's table, hierarchy included) lack it, success when they include it.
// A route added later is covered without touching this file.
import { randomUUID } from "node:crypto";
import { subgraphs } from "@pap/gateway";
import { permissionsOf, roles, type Role } from "@pap/kernel";
import { restRoutes, type RestRoute } from "@pap/rest-compat";
import { Kind, parse, type OperationDefinitionNode } from "graphql";
import { bearer } from "./support/auth";
import { useTestPlatform } from "./support/platform";

const { api } = useTestPlatform("auth_matrix");

/** The permission of the GraphQL field a route runs, and the domain table it belongs to. */
function permissionOf(route: RestRoute): { permission: string; table: Record<string, readonly Role[]> } {
  const operation = parse(route.document).definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION)!;
  const field = operation.selectionSet.selections[0];
  if (field?.kind !== Kind.FIELD) throw new Error(`${route.operationId}: no root field`);
  for (const subgraph of subgraphs) {
    const root = operation.operation === "mutation" ? subgraph.schema.getMutationType() : subgraph.schema.getQueryType();
    const definition = root?.getFields()[field.name.value];
    const permission = (definition?.extensions as { pothosOptions?: { authScopes?: { permission?: string } } } | undefined)?.pothosOptions?.authScopes?.permission;
    if (permission) return { permission, table: subgraph.permissions };
  }
  throw new Error(`${route.operationId}: no subgraph declares a permission for ${field.name.value}`);
}

const slot = () => {
  const start = Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 1e9);
  return { startAt: new Date(start).toISOString(), endAt: new Date(start + 1_800_000).toISOString() };
};

/** A valid request for a route: path parameters naming records that exist, and a valid body. */
async function requestFor(route: RestRoute): Promise<{ path: string; body?: unknown }> {
  const admin = (method: string, path: string, body?: unknown) => api.raw(method, path, body);
  const person = async () => (await admin("POST", "/persons", { name: { firstName: "Matrix", lastName: randomUUID().slice(0, 8) } })).body.id as string;
  const params: Record<string, () => Promise<string>> = {
    personId: person,
    caseId: async () => (await admin("POST", "/case-management/cases", { primaryApplicantId: await person() })).body.id,
    appointmentId: async () => (await admin("POST", "/scheduling/appointments", { ...slot(), appointmentType: "Interview", personId: await person() })).body.id,
    eventId: async () => (await admin("GET", "/platform/events?limit=1")).body.items[0].id,
    policyId: async () => "snap-expedited-processing",
  };
  let path = route.path;
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    const make = params[name!];
    if (!make) throw new Error(`${route.operationId}: no fixture for {${name}}`);
    path = path.replace(`{${name}}`, await make());
  }
  const bodies: Record<string, () => Promise<unknown>> = {
    createPerson: async () => ({ name: { firstName: "New" } }),
    updatePerson: async () => ({ nickname: "N" }),
    createCase: async () => ({ primaryApplicantId: await person() }),
    updateCase: async () => ({ status: "closed" }),
    createAppointment: async () => ({ ...slot(), appointmentType: "Interview", personId: await person() }),
    updateAppointment: async () => ({ notes: "moved" }),
    publishEvent: async () => ({ id: randomUUID(), specversion: "1.0", type: "persons.person.updated", source: "/persons", subject: randomUUID(), time: new Date().toISOString(), datacontenttype: "application/json" }),
  };
  const body = route.method === "POST" || route.method === "PATCH" ? await bodies[route.operationId]?.() : undefined;
  if ((route.method === "POST" || route.method === "PATCH") && body === undefined) throw new Error(`${route.operationId}: no valid body in this test; add one`);
  return { path, body };
}

const callers: Array<Role | "anonymous"> = ["anonymous", ...roles];
const routes = restRoutes({ platformBasePath: "/platform" });
const matrix = routes.flatMap((route) => callers.map((caller) => [`${route.method} ${route.path} as ${caller}`, route, caller] as const));

describe("REST operations × roles", () => {
  beforeAll(async () => {
    // So that listing and reading events has something to show.
    await api.post("/persons", { name: { firstName: "Seed" } });
  });

  it.each(matrix)("%s", async (_name, route, caller) => {
    const { permission, table } = permissionOf(route);
    const { path, body } = await requestFor(route);
    const headers = caller === "anonymous" ? { authorization: "" } : await bearer([caller], { sub: `idp|matrix-${caller}`, userId: randomUUID() });
    const response = await api.raw(route.method, path, body, headers);
    const expected = caller === "anonymous" ? 401 : permissionsOf([caller], [table]).has(permission) ? route.docs.successStatus : 403;
    expect({ status: response.status, code: response.body?.code }).toEqual({
      status: expected,
      code: expected === 401 ? "UNAUTHORIZED" : expected === 403 ? "FORBIDDEN" : response.body?.code,
    });
  });

  it("covers every route of the REST surface", () => {
    expect(new Set(matrix.map(([, route]) => route.operationId)).size).toBe(routes.length);
  });
});
