import http from "node:http";
import type { AddressInfo } from "node:net";
import { createSubgraphFetcher, type SubgraphFetcher } from "./subgraph-fetcher";

// A stand-in subgraph over real HTTP that holds every request until released, so calls made one
// after another are certainly in flight together, and that answers with who asked and what: a batch
// (a JSON array of operations) with an answer per operation, unless told to refuse batches.
let server: http.Server;
let url: string;
let received: { authorization?: string; body: string }[];
let held: (() => void)[];
let released: boolean;
let refusingBatches: boolean;
let firstArrival: Promise<void>;
let arrived: () => void;
let fetcher: SubgraphFetcher;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ authorization: request.headers.authorization, body });
      const seen = received.length;
      const answerTo = (operation: { query?: string }) => ({
        data: { caller: request.headers.authorization ?? null, query: operation.query, nested: { seen } },
      });
      const answer = () => {
        response.setHeader("content-type", "application/json");
        const parsed = JSON.parse(body) as { query?: string } | { query?: string }[];
        if (!Array.isArray(parsed)) response.end(JSON.stringify(answerTo(parsed)));
        else if (refusingBatches) response.writeHead(400).end(JSON.stringify({ errors: [{ message: "Operation batching disabled." }] }));
        else response.end(JSON.stringify(parsed.map(answerTo)));
      };
      if (released) answer();
      else held.push(answer);
      arrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

beforeEach(() => {
  received = [];
  held = [];
  released = false;
  refusingBatches = false;
  firstArrival = new Promise((resolve) => (arrived = resolve));
  fetcher = createSubgraphFetcher();
});

afterEach(() => fetcher.close());
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const query = JSON.stringify({ query: "query Page__persons__0{persons{items{id}}}", variables: {} });
const mutation = JSON.stringify({ query: 'mutation Remove__persons__0{deletePerson(id:"1")}', variables: {} });
const call = (body: string, headers: Record<string, string>) =>
  fetcher.fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

/** Lets the held requests go once the first has arrived, then collects every caller's parsed answer. */
async function answersOf(calls: Promise<{ json(): Promise<unknown> }>[]) {
  await firstArrival;
  released = true;
  held.splice(0).forEach((answer) => answer());
  return Promise.all(calls.map(async (pending) => (await pending).json()));
}

describe("the remote subgraphs' fetcher", () => {
  it("sends identical queries of one caller in flight together once, each caller parsing its own copy", async () => {
    const headers = { authorization: "Bearer same-caller" };
    const [first, second] = await answersOf([
      call(query, { ...headers, traceparent: "00-aaaa-01" }),
      call(query, { ...headers, traceparent: "00-bbbb-01" }),
    ]);
    expect(received).toHaveLength(1);
    expect(first).toEqual(second);
    // The gateway merges later fetches into these objects: callers must never share them.
    expect(first).not.toBe(second);
    expect((first as { data: object }).data).not.toBe((second as { data: object }).data);
  });

  it("never merges the same query of different callers", async () => {
    const answers = await answersOf([
      call(query, { authorization: "Bearer caller-a" }),
      call(query, { authorization: "Bearer caller-b" }),
      call(query, { "x-caller-id": "c", "x-caller-roles": "case_worker" }),
    ]);
    expect(received.map((request) => request.authorization ?? null).sort()).toEqual(["Bearer caller-a", "Bearer caller-b", null]);
    expect(answers.map((answer) => (answer as { data: { caller: string | null } }).data.caller)).toEqual([
      "Bearer caller-a",
      "Bearer caller-b",
      null,
    ]);
  });

  it("never merges mutations, even identical ones of one caller", async () => {
    const headers = { authorization: "Bearer same-caller" };
    await answersOf([call(mutation, headers), call(mutation, headers)]);
    expect(received).toHaveLength(2);
  });

  it("keeps nothing once answered: the next identical query goes to the subgraph again", async () => {
    const headers = { authorization: "Bearer same-caller" };
    await answersOf([call(query, headers)]);
    await (await call(query, headers)).json();
    expect(received).toHaveLength(2);
  });

  it("can be told not to merge at all", async () => {
    fetcher.close();
    fetcher = createSubgraphFetcher({ mergeInFlight: false, batch: false });
    const headers = { authorization: "Bearer same-caller" };
    await answersOf([call(query, headers), call(query, headers)]);
    expect(received).toHaveLength(2);
  });
});

describe("batching a request's side-by-side queries to one subgraph", () => {
  const other = JSON.stringify({ query: "query Page__persons__1{persons{total}}", variables: {} });
  const third = JSON.stringify({ query: 'query Page__persons__2{person(id:"1"){id}}', variables: {} });
  const sameRequest = (span: string) => ({ authorization: "Bearer same-caller", traceparent: `00-${"a".repeat(32)}-${span}-01` });
  const queryOf = (answer: unknown) => (answer as { data: { query: string } }).data.query;

  it("sends different queries of one request made in the same turn as one batch, each caller getting its own answer", async () => {
    const answers = await answersOf([
      call(query, sameRequest("1".repeat(16))),
      call(other, sameRequest("2".repeat(16))),
      call(third, sameRequest("3".repeat(16))),
    ]);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toEqual([JSON.parse(query), JSON.parse(other), JSON.parse(third)]);
    expect(answers.map(queryOf)).toEqual([JSON.parse(query).query, JSON.parse(other).query, JSON.parse(third).query]);
  });

  it("gives each part of a batch the batch's headers but not its length", async () => {
    const parts = [call(query, sameRequest("1".repeat(16))), call(other, sameRequest("2".repeat(16)))];
    await answersOf(parts);
    const first = await parts[0]!;
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("content-length")).toBeNull();
    expect(received).toHaveLength(1);
  });

  it("never batches the queries of different callers or of different traces", async () => {
    const elsewhere = { authorization: "Bearer same-caller", traceparent: `00-${"b".repeat(32)}-${"1".repeat(16)}-01` };
    await answersOf([
      call(query, sameRequest("1".repeat(16))),
      call(other, { ...sameRequest("2".repeat(16)), authorization: "Bearer another-caller" }),
      call(third, elsewhere),
    ]);
    expect(received.map((request) => Array.isArray(JSON.parse(request.body)))).toEqual([false, false, false]);
  });

  it("never batches a mutation, nor queries asked in different turns", async () => {
    const first = call(query, sameRequest("1".repeat(16)));
    const second = call(mutation, sameRequest("2".repeat(16)));
    await new Promise((resolve) => setImmediate(resolve));
    const later = call(other, sameRequest("3".repeat(16)));
    await answersOf([first, second, later]);
    expect(received).toHaveLength(3);
    expect(received.some((request) => Array.isArray(JSON.parse(request.body)))).toBe(false);
  });

  it("sends each query alone when the subgraph does not answer the batch with one answer per query", async () => {
    refusingBatches = true;
    const answers = await answersOf([call(query, sameRequest("1".repeat(16))), call(other, sameRequest("2".repeat(16)))]);
    expect(received.map((request) => Array.isArray(JSON.parse(request.body)))).toEqual([true, false, false]);
    expect(answers.map(queryOf)).toEqual([JSON.parse(query).query, JSON.parse(other).query]);
  });

  it("fails every query of a batch whose subgraph cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const unreachable = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/graphql`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ask = (body: string, span: string) =>
      fetcher.fetch(unreachable, { method: "POST", headers: { "content-type": "application/json", ...sameRequest(span) }, body });
    const outcomes = await Promise.allSettled([ask(query, "1".repeat(16)), ask(other, "2".repeat(16))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
  });

  it("can be told not to batch", async () => {
    fetcher.close();
    fetcher = createSubgraphFetcher({ batch: false });
    await answersOf([call(query, sameRequest("1".repeat(16))), call(other, sameRequest("2".repeat(16)))]);
    expect(received).toHaveLength(2);
  });
});

describe("TLS", () => {
  it("an https:// subgraph that speaks plain HTTP fails at once, saying so", async () => {
    const plainPort = new URL(url).port;
    const secure = `https://127.0.0.1:${plainPort}/graphql`;
    await expect(fetcher.fetch(secure, { method: "POST", body: "{}" })).rejects.toThrow(
      `${secure} failed: it does not speak TLS where https:// was given, or the reverse`,
    );
  });
});
