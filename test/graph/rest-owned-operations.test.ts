/**
 * REST operations that one subgraph answers alone run on that subgraph without the gateway, and a
 * caller cannot tell: the same data, the same errors, the same authorization. Operations that walk
 * several subgraphs still go through the gateway.
 */
import { formatGraphError, httpGraphExecutor, type GraphExecutor, type GraphRequest } from "@pap/kernel/graphql";
import { domains, loadSupergraph, OwnedOperations, ownedOperationExecutor, subgraphs } from "@pap/gateway";
import { adminHeaders } from "../support/auth";
import { startTestPlatform } from "../support/platform";
import type { RunningPlatform } from "@pap/gateway";

const routes = domains.flatMap((domain) => domain.restRoutes({ platformBasePath: "/platform" }));
const documentOf = (operationId: string) => routes.find((route) => route.operationId === operationId)!.document;

let platform: RunningPlatform;
let gateway: GraphExecutor;
let direct: GraphExecutor;
const sentToGateway: string[] = [];

beforeAll(async () => {
  platform = await startTestPlatform("owned-operations");
  gateway = httpGraphExecutor(`${platform.url}/graphql`);
  direct = ownedOperationExecutor({
    owned: new OwnedOperations(loadSupergraph(), subgraphs, platform.services),
    formatError: (formatted, error, operation) => formatGraphError(() => {}, formatted, error, operation),
    throughGateway: (request: GraphRequest) => (sentToGateway.push(request.query), gateway(request)),
  });
});
afterAll(() => platform?.close());
beforeEach(() => void (sentToGateway.length = 0));

const asAdmin = async () => ({ headers: { ...(await adminHeaders()) } });

describe("operations one subgraph owns", () => {
  it("a person read directly equals the gateway's answer, without a gateway call", async () => {
    const created = await direct({
      query: documentOf("createPerson"),
      variables: { input: { name: { firstName: "Ana", lastName: "Ruiz" } } },
      ...(await asAdmin()),
    });
    const id = (created.data!.result as { id: string }).id;
    const request = { query: documentOf("getPerson"), variables: { id }, ...(await asAdmin()) };
    const [mine, theirs] = await Promise.all([direct(request), gateway(request)]);
    expect(mine).toEqual(theirs);
    expect((mine.data!.result as { attributes: unknown }).attributes).toEqual({ name: { firstName: "Ana", lastName: "Ruiz" } });
    expect(sentToGateway).toEqual([]);
  });

  it("gives the gateway's errors: not found, a refused caller, a bad variable", async () => {
    const cases: GraphRequest[] = [
      { query: documentOf("getPerson"), variables: { id: "5b4f2c1e-0000-4000-8000-000000000000" }, ...(await asAdmin()) },
      { query: documentOf("getPerson"), variables: { id: "5b4f2c1e-0000-4000-8000-000000000000" }, headers: {} },
      { query: documentOf("listPersons"), variables: { q: "name.lastName:", limit: 5 }, ...(await asAdmin()) },
      { query: documentOf("getPerson"), variables: { id: 42 }, ...(await asAdmin()) },
    ];
    for (const request of cases) {
      const [mine, theirs] = await Promise.all([direct(request), gateway(request)]);
      expect(mine.errors?.map((error) => error.extensions)).toEqual(theirs.errors?.map((error) => error.extensions));
      expect(mine.errors?.[0]?.message).toEqual(theirs.errors?.[0]?.message);
    }
    expect(sentToGateway).toEqual([]);
  });
});

it("an operation that spans subgraphs goes through the gateway", async () => {
  const spanning = `query ($id: ID!) { result: case(id: $id) { id primaryApplicant { attributes } } }`;
  await direct({ query: spanning, variables: { id: "5b4f2c1e-0000-4000-8000-000000000000" }, ...(await asAdmin()) });
  expect(sentToGateway).toEqual([spanning]);
});

it("the everyday reads are owned: persons, cases, tasks, appointments, applications", async () => {
  for (const operationId of ["getPerson", "listPersons", "getCase", "listCases", "listTasks", "listAppointments", "getApplication"]) {
    await direct({
      query: documentOf(operationId),
      variables: { id: "5b4f2c1e-0000-4000-8000-000000000000", limit: 1 },
      ...(await asAdmin()),
    });
  }
  expect(sentToGateway).toEqual([]);
});
