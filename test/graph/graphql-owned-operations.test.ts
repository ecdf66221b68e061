/**
 * GraphQL operations over HTTP that one subgraph answers alone run on that subgraph without the
 * gateway's plan execution, and a client cannot tell: the same data, the same errors (codes, messages,
 * paths, HTTP status), the same authorization. Each answer of /graphql is compared with the same
 * request to a graph over the same services that sends everything through the gateway.
 */
import { createLogger } from "@pap/core";
import { createGraphServer, gatewayContextFromHeaders, OwnedOperations, subgraphs, type FederatedGraph } from "@pap/gateway";
import { adminHeaders, bearer } from "../support/auth";
import { startTestPlatform, type TestPlatform } from "../support/platform";

let platform: TestPlatform;
let gatewayOnly: FederatedGraph;
let ran: jest.SpyInstance;

beforeAll(async () => {
  platform = await startTestPlatform("graphql-owned");
  gatewayOnly = await createGraphServer(
    { kind: "in-process", services: platform.services, subgraphs },
    createLogger("test"),
    platform.services.authenticate,
    { ownedOperations: false },
  );
  ran = jest.spyOn(OwnedOperations.prototype, "run");
});
afterAll(async () => {
  ran?.mockRestore();
  await gatewayOnly?.stop();
  await platform?.close();
});
beforeEach(() => ran.mockClear());

type Request = { query: string; variables?: Record<string, unknown>; headers?: Record<string, string> };
type Answer = { status: number; body: { data?: unknown; errors?: readonly unknown[] } };

/** /graphql of the platform, where the fast path is on. */
async function overHttp({ query, variables, headers = {} }: Request): Promise<Answer> {
  const response = await fetch(`${platform.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** The same request to the graph whose every operation goes through the gateway. */
async function throughGateway({ query, variables, headers = {} }: Request): Promise<Answer> {
  const response = await gatewayOnly.server.executeOperation({ query, variables }, { contextValue: gatewayContextFromHeaders(headers) });
  if (response.body.kind !== "single") throw new Error("expected a single result");
  const { data, errors } = response.body.singleResult;
  return { status: response.http.status ?? 200, body: { ...(data !== undefined && { data }), ...(errors && { errors }) } };
}

/** Both answers, which must be equal; the fast path's, and whether the fast path ran. */
async function compared(request: Request): Promise<Answer & { direct: boolean }> {
  ran.mockClear();
  const mine = await overHttp(request);
  const direct = ran.mock.calls.length > 0;
  const theirs = await throughGateway(request);
  expect(mine).toEqual(theirs);
  return { ...mine, direct };
}

const personQuery = `query Person($id: ID!) { person(id: $id) { id attributes etag } }`;
const missing = "5b4f2c1e-0000-4000-8000-000000000000";

describe("operations one subgraph owns, over /graphql", () => {
  let personId: string;

  it("a mutation the persons subgraph owns runs directly and stores the person", async () => {
    const created = await overHttp({
      query: `mutation ($attributes: JSONObject!) { createPerson(attributes: $attributes) { id attributes } }`,
      variables: { attributes: { name: { firstName: "Ana", lastName: "Ruiz" } } },
      headers: await adminHeaders(),
    });
    expect(created.status).toBe(200);
    expect(created.body.errors).toBeUndefined();
    personId = (created.body.data as { createPerson: { id: string } }).createPerson.id;
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it("a person read directly equals the gateway's answer", async () => {
    const answer = await compared({ query: personQuery, variables: { id: personId }, headers: await adminHeaders() });
    expect(answer.direct).toBe(true);
    expect((answer.body.data as { person: { attributes: unknown } }).person.attributes).toEqual({
      name: { firstName: "Ana", lastName: "Ruiz" },
    });
  });

  it("gives the gateway's errors: not found, no caller, a refused caller, a bad variable, a malformed filter", async () => {
    const admin = await adminHeaders();
    const cases: Request[] = [
      { query: personQuery, variables: { id: missing }, headers: admin },
      { query: personQuery, variables: { id: missing } },
      { query: personQuery, variables: { id: personId }, headers: await bearer(["applicant"]) },
      { query: personQuery, variables: { id: { not: "an id" } }, headers: admin },
      { query: personQuery, variables: {}, headers: admin },
      { query: `{ persons(q: "name.lastName:", limit: 5) { items { id } total } }`, headers: admin },
    ];
    const codes = [];
    for (const request of cases) {
      const answer = await compared(request);
      codes.push((answer.body.errors?.[0] as { extensions?: { code?: string } } | undefined)?.extensions?.code ?? "none");
    }
    expect(codes).toEqual(expect.arrayContaining(["UNAUTHENTICATED", "FORBIDDEN", "BAD_USER_INPUT"]));
  });
});

it("operations that span subgraphs and introspection still go through the gateway", async () => {
  const admin = await adminHeaders();
  const spanning = await compared({
    query: `query ($id: ID!) { case(id: $id) { id primaryApplicant { attributes } } }`,
    variables: { id: missing },
    headers: admin,
  });
  expect(spanning.direct).toBe(false);
  const introspection = await overHttp({ query: `{ __type(name: "Person") { name } person(id: "${missing}") { id } }`, headers: admin });
  expect(ran).not.toHaveBeenCalled();
  expect(introspection.body).toEqual(
    (await throughGateway({ query: `{ __type(name: "Person") { name } person(id: "${missing}") { id } }`, headers: admin })).body,
  );
});
