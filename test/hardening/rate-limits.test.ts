/**
 * Per-caller limits, as a production deployment runs them: requests per window (429 in the envelope
 * with Retry-After), and live connections (event streams, GraphQL WebSockets) held open at once.
 */
import type { RunningPlatform } from "@pap/gateway";
import { createClient } from "graphql-ws/client";
import WebSocket from "ws";
import { bearer } from "../support/auth";
import { openSse, openStream, startPlatformOn, type SseStream } from "../support/live";
import { createTestDatabase } from "../support/platform";
import { waitForValue } from "../support/waiting";

let platform: RunningPlatform;

beforeAll(async () => {
  platform = await startPlatformOn(await createTestDatabase("rate_limits"), {
    RATE_LIMIT: "true",
    RATE_LIMIT_MAX: "30",
    RATE_LIMIT_WINDOW_MS: "600000",
    RATE_LIMIT_MAX_CONNECTIONS: "2",
    // The tests' requests come from 127.0.0.1, standing for the agency's proxy.
    TRUST_PROXY: "127.0.0.1",
  });
});
afterAll(async () => {
  await platform?.close();
});

const get = async (path: string, headers: Record<string, string>) => {
  const response = await fetch(`${platform.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe("requests per window", () => {
  it("a caller past the limit gets 429 with Retry-After in the envelope; another caller is not affected", async () => {
    const first = await bearer(["case_worker"], { sub: "test|limited-1" });
    const second = await bearer(["case_worker"], { sub: "test|limited-2" });
    for (let index = 0; index < 30; index++) expect((await get("/persons", first)).status).toBe(200);
    const refused = await get("/persons", first);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: "RATE_LIMITED", message: expect.stringContaining("Too many requests") });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // GraphQL counts against the same caller.
    const graphql = await fetch(`${platform.url}/graphql`, {
      method: "POST",
      headers: { ...first, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ me { id } }" }),
    });
    expect(graphql.status).toBe(429);
    expect((await get("/persons", second)).status).toBe(200);
  });

  it("counts one caller's requests together whatever token they carry", async () => {
    // A token of its own for each request: each lives a second longer than the last.
    const tokens = await Promise.all(
      Array.from({ length: 31 }, (_, index) => bearer(["case_worker"], { sub: "test|many-tokens", lifetimeSeconds: 3600 + index })),
    );
    expect(new Set(tokens.map((headers) => headers.authorization)).size).toBe(31);
    const statuses = [];
    for (const headers of tokens) statuses.push((await get("/persons", headers)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("counts made-up credentials against the client's address, through the trusted proxy, so they open no fresh bucket", async () => {
    const forgedFrom = (address: string, index: number) => ({ authorization: `Bearer forged-${index}`, "x-forwarded-for": address });
    for (let index = 0; index < 30; index++) expect((await get("/persons", forgedFrom("203.0.113.7", index))).status).toBe(401);
    const refused = await get("/persons", forgedFrom("203.0.113.7", 30));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED" });
    // Another client behind the same proxy has a budget of its own.
    expect((await get("/persons", forgedFrom("203.0.113.8", 31))).status).toBe(401);
  });

  it("health and readiness probes are never limited", async () => {
    for (let index = 0; index < 12; index++) {
      expect((await fetch(`${platform.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${platform.url}/readyz`)).status).toBe(200);
    }
  });
});

describe("live connections per caller", () => {
  it("a third event stream is 429 while two are open, and opens once one closes", async () => {
    const headers = await bearer(["state_admin"], { sub: "test|streams" });
    const streamUrl = `${platform.url}/platform/events/stream`;
    const open: SseStream[] = [await openStream(streamUrl, headers), await openStream(streamUrl, headers)];
    try {
      const refused = await openSse(streamUrl, headers);
      expect("next" in refused).toBe(false);
      expect(refused).toMatchObject({ status: 429, body: { code: "RATE_LIMITED" } });
      open.shift()!.close();
      // The server gives the place back when it sees the client go. Each try is a request of this
      // caller's own budget (30 per window), so tries are spaced out rather than fired back to back.
      const reopen = async () => {
        const answer = await openSse(streamUrl, headers);
        return "next" in answer ? answer : undefined;
      };
      // About 25 tries: well within the window's 30.
      open.push(await waitForValue(reopen, "the server to give the stream's place back", 5_000, 200));
    } finally {
      for (const stream of open) stream.close();
    }
  });

  it("a third GraphQL WebSocket of one caller is closed with 4429", async () => {
    const headers = await bearer(["state_admin"], { sub: "test|sockets" });
    const connect = () =>
      new Promise<{ client: ReturnType<typeof createClient>; closed?: number }>((resolve) => {
        const outcome: { client: ReturnType<typeof createClient>; closed?: number } = { client: undefined as never };
        outcome.client = createClient({
          url: `${platform.url.replace("http", "ws")}/graphql`,
          webSocketImpl: WebSocket,
          lazy: false,
          retryAttempts: 0,
          connectionParams: headers,
          on: {
            connected: () => resolve(outcome),
            closed: (event) => {
              outcome.closed = (event as { code: number }).code;
              resolve(outcome);
            },
          },
          onNonLazyError: () => {},
        });
      });
    const first = await connect();
    const second = await connect();
    const third = await connect();
    try {
      expect(first.closed).toBeUndefined();
      expect(second.closed).toBeUndefined();
      expect(third.closed).toBe(4429);
    } finally {
      await Promise.all([first, second, third].map((outcome) => outcome.client.dispose()));
    }
  });
});
