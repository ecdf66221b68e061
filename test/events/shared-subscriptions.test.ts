// Identical subscriptions share their executions (single process, real PostgreSQL): subscribers with
// the same document, variables and credentials get one execution's result per event between them
// (graphql-ws subscribers, and SSE streams that differ only in where they started), while a different
// caller's subscription runs on its own; every subscriber still receives every event exactly once.
import { subscriptionExecutions, subscriptionPayloads } from "@pap/core";
import type { RunningPlatform } from "@pap/gateway";
import type { Client } from "graphql-ws/client";
import { bearer } from "../support/auth";
import { newPerson } from "../support/creators";
import { collect, logAfter, logHead, openSse, rawEvent, startPlatformOn, wsClient, type Collected, type SseStream } from "../support/live";
import { createTestDatabase, httpClient } from "../support/platform";
import { GRACE_MS, pause, waitFor } from "../support/waiting";

const SUBSCRIBERS = 5;
const EVENTS = 3;
const PERSONS_ONLY = `subscription { events(filter: {type: "persons.person.created"}) { position id type } }`;

let platform: RunningPlatform;
const clients: Client[] = [];
const streams: SseStream[] = [];
const api = httpClient(() => platform.url);
const hub = () => platform.services.eventRuntime.hub;

/** The counter's total for the `events` field, so a test can take the difference across what it does. */
async function countOf(counter: typeof subscriptionExecutions): Promise<number> {
  const { values } = await counter.get();
  return values.find((value) => value.labels.field === "events")?.value ?? 0;
}

/** Subscribes over graphql-ws as `headers`' caller and waits until the hub has the subscription. */
async function subscribeAs(headers: Record<string, string> | undefined): Promise<Collected> {
  const before = hub().subscriberCount;
  const client = wsClient(platform.url, headers);
  clients.push(client);
  const subscription = collect(client, PERSONS_ONLY);
  await waitFor(() => hub().subscriberCount > before || subscription.error !== undefined, "the subscription to register");
  return subscription;
}

beforeAll(async () => {
  platform = await startPlatformOn(await createTestDatabase("events_shared_subscriptions"));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.dispose()));
  for (const stream of streams) stream.close();
  await platform?.close();
});

describe("identical subscriptions", () => {
  it("execute once per event for all their subscribers, and apart for another caller", async () => {
    const alike = [];
    for (let index = 0; index < SUBSCRIBERS; index++) alike.push(await subscribeAs(undefined));
    const otherCaller = await subscribeAs(await bearer(["case_worker"], { sub: "test|shared-subscriptions-worker" }));
    // Each stream starts at the log's head as it opens: an event between two opens gives them different
    // starting positions, which must not keep them apart.
    const sse: SseStream[] = [];
    for (let index = 0; index < SUBSCRIBERS; index++) {
      if (index === 2) expect((await api.post("/platform/events", rawEvent())).status).toBe(201);
      const opened = await openSse(`${platform.url}/platform/events/stream?type=persons.person.created`);
      if (!("frames" in opened)) throw new Error(`the stream did not open: ${opened.status}`);
      streams.push(opened);
      sse.push(opened);
    }
    const head = await logHead(`${platform.url}/graphql`);
    const [executed, delivered] = [await countOf(subscriptionExecutions), await countOf(subscriptionPayloads)];

    for (let index = 0; index < EVENTS; index++) await newPerson(api, `Shared${index}`);
    const created = (await logAfter(`${platform.url}/graphql`, head)).filter((entry) => entry.type === "persons.person.created");
    expect(created).toHaveLength(EVENTS);
    const expected = created.map((entry) => [entry.position.toString(), entry.id]);

    for (const subscription of [...alike, otherCaller]) {
      const payloads = await subscription.take(EVENTS);
      expect(payloads.map((payload) => [payload.data?.events?.position, payload.data?.events?.id])).toEqual(expected);
    }
    for (const stream of sse) {
      const received = await stream.events(EVENTS);
      expect(received.map((event) => [event.id, event.data.id])).toEqual(expected);
    }
    await pause(GRACE_MS);
    for (const subscription of [...alike, otherCaller]) expect(subscription.untaken()).toEqual([]);
    for (const stream of sse) expect(stream.untakenEvents()).toEqual([]);

    // Three distinct subscriptions (graphql-ws as the administrator, the streams, graphql-ws as the
    // case worker) for 2 × SUBSCRIBERS + 1 subscribers.
    expect((await countOf(subscriptionPayloads)) - delivered).toBe(EVENTS * (2 * SUBSCRIBERS + 1));
    expect((await countOf(subscriptionExecutions)) - executed).toBe(EVENTS * 3);
  });
});
