// Deployment overlays (SPEC §1, §4.1, §6, §9; events.md §1 "Event-type prefix overlay"): with
// PLATFORM_BASE_PATH the platform domain moves to another base path, and with EVENT_TYPE_PREFIX every
// event type is prefixed verbatim: emitted types, the `type` filter and the types POST accepts. Both
// are read when the platform starts, so they are set before it starts and restored after it stops.
import { adminHeaders } from "../support/auth";
import { randomUUID } from "node:crypto";
import type { RunningPlatform } from "@pap/gateway";
import { httpClient, startTestPlatform } from "../support/platform";
import { detailFields, expectErrorEnvelope, expectListEnvelope, listPath } from "../support/expectations";
import { eventsMatching } from "../support/event-log";

const BASE = "/events-platform";
const PREFIX = "org.example.";
const EVENTS = `${BASE}/events`;

let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;
const saved = { PLATFORM_BASE_PATH: process.env.PLATFORM_BASE_PATH, EVENT_TYPE_PREFIX: process.env.EVENT_TYPE_PREFIX };

function restoreEnv() {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

beforeAll(async () => {
  process.env.PLATFORM_BASE_PATH = BASE;
  process.env.EVENT_TYPE_PREFIX = PREFIX;
  try {
    platform = await startTestPlatform("events_overlays");
  } catch (error) {
    restoreEnv();
    throw error;
  }
  api = httpClient(platform.url);
});

afterAll(async () => {
  try {
    await platform?.close();
  } finally {
    restoreEnv();
  }
});

type Event = { id: string; type: string; source: string; subject: string; data?: any; [key: string]: unknown };

const envelope = (overrides: Partial<Event> = {}) => ({
  id: randomUUID(),
  specversion: "1.0",
  type: `${PREFIX}persons.person.updated`,
  source: "/persons",
  subject: randomUUID(),
  time: "2030-01-02T03:04:05.000Z",
  datacontenttype: "application/json",
  data: { changes: [] },
  ...overrides,
});

describe("PLATFORM_BASE_PATH moves the platform domain", () => {
  it("serves the event log, single events and the policy registry under the new base path", async () => {
    expectListEnvelope(await api.get(listPath(EVENTS, { limit: 1 })), expect.objectContaining({ limit: 1, offset: 0 }) as never);
    const policies = await api.get(`${BASE}/registry/policies`);
    expect(policies.status).toBe(200);
    expect(policies.body.total).toBe(34);
    const policy = await api.get(`${BASE}/registry/policies/snap-expedited-processing`);
    expect(policy.status).toBe(200);
    expect(policy.body.citation).toBe("7 CFR § 273.2(i)(3)(i)");
  });

  it("no longer serves the platform domain under /platform", async () => {
    const person = (await api.post("/persons", { name: { firstName: "Moved" } })).body;
    const [event] = await eventsMatching(api, { subject: person.id }, EVENTS);
    expect(event).toBeDefined();
    expectErrorEnvelope(await api.get("/platform/events"), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get(`/platform/events/${event!.id}`), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get("/platform/registry/policies"), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.get("/platform/registry/policies/snap-expedited-processing"), 404, "NOT_FOUND");
    expectErrorEnvelope(await api.post("/platform/events", envelope()), 404, "NOT_FOUND");
    expect((await api.get(`${EVENTS}/${event!.id}`)).status).toBe(200);
  });

  it("leaves the other domains where they are", async () => {
    expect((await api.get("/persons")).status).toBe(200);
    expect((await api.get("/case-management/cases")).status).toBe(200);
    expect((await api.get("/scheduling/appointments")).status).toBe(200);
    expectErrorEnvelope(await api.get(`${BASE}/persons`), 404, "NOT_FOUND");
  });

  it("documents the moved paths in /openapi.json", async () => {
    const paths = Object.keys((await api.get("/openapi.json")).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([EVENTS, `${EVENTS}/{eventId}`, `${BASE}/registry/policies`, `${BASE}/registry/policies/{policyId}`]),
    );
    expect(paths.filter((path) => path.startsWith("/platform/"))).toEqual([]);
  });

  it("serves the event stream under the new base path", async () => {
    expectErrorEnvelope(await api.get("/platform/events/stream"), 404, "NOT_FOUND");
    const controller = new AbortController();
    try {
      const response = await fetch(`${platform.url}${listPath(`${EVENTS}/stream`, { type: `${PREFIX}persons.*` })}`, {
        headers: { accept: "text/event-stream", ...(await adminHeaders()) },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (done: () => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!done()) {
          if (Date.now() > deadline) throw new Error(`stream gave no match; received: ${text}`);
          const chunk = await reader.read();
          if (chunk.done) throw new Error(`stream ended; received: ${text}`);
          text += decoder.decode(chunk.value, { stream: true });
        }
      };
      await readUntil(() => text.includes(": connected"));
      const person = (await api.post("/persons", { name: { firstName: "Streamed" } })).body;
      const dataLine = () => text.split("\n").find((line) => line.startsWith("data: ") && line.includes(person.id));
      await readUntil(() => dataLine() !== undefined);
      const streamed = JSON.parse(dataLine()!.slice("data: ".length));
      expect(streamed).toEqual(
        expect.objectContaining({ type: `${PREFIX}persons.person.created`, source: "/persons", subject: person.id }),
      );
    } finally {
      controller.abort();
    }
  });
});

describe("EVENT_TYPE_PREFIX prefixes every event type verbatim", () => {
  it("prefixes the types of every emitted event", async () => {
    const person = (await api.post("/persons", { name: { firstName: "Ada" } })).body;
    expect((await api.patch(`/persons/${person.id}`, { nickname: "A" })).status).toBe(200);
    expect((await api.delete(`/persons/${person.id}`)).status).toBe(204);
    expect((await eventsMatching(api, { subject: person.id }, EVENTS)).map((event) => event.type).sort()).toEqual(
      [`${PREFIX}persons.person.created`, `${PREFIX}persons.person.deleted`, `${PREFIX}persons.person.updated`].sort(),
    );

    const kase = (await api.post("/case-management/cases", { primaryApplicantId: randomUUID() })).body;
    expect((await eventsMatching(api, { subject: kase.id }, EVENTS)).map((event) => event.type)).toEqual([
      `${PREFIX}case_management.case.created`,
    ]);

    const appointment = (
      await api.post("/scheduling/appointments", {
        startAt: "2031-02-02T09:00:00Z",
        endAt: "2031-02-02T09:30:00Z",
        appointmentType: "Interview",
        personId: randomUUID(),
      })
    ).body;
    const booked = await eventsMatching(api, { subject: appointment.id }, EVENTS);
    // The booking, and the timers of its two reminders (APPOINTMENT_REMINDER_OFFSETS): prefixed too.
    expect(booked.map((event) => event.type).sort()).toEqual([
      `${PREFIX}scheduling.appointment.created`,
      `${PREFIX}scheduling.appointment.scheduled`,
      `${PREFIX}scheduling.timer.requested`,
      `${PREFIX}scheduling.timer.requested`,
    ]);
    // Only the type changes: source, subject and data are as without the overlay.
    const created = booked.find((event) => event.type.endsWith(".created"))!;
    expect(created.source).toBe("/scheduling");
    expect(created.data).toEqual(appointment);
  });

  it("the type filter matches the prefixed types, exactly and by prefix", async () => {
    const person = (await api.post("/persons", { name: { firstName: "Filter" } })).body;
    const prefixed = await api.get(listPath(EVENTS, { type: `${PREFIX}persons.*`, limit: 100 }));
    expect(prefixed.status).toBe(200);
    expect(prefixed.body.total).toBeGreaterThan(0);
    expect(prefixed.body.items.every((event: Event) => event.type.startsWith(`${PREFIX}persons.`))).toBe(true);
    expect(prefixed.body.items.map((event: Event) => event.subject)).toContain(person.id);

    const exact = await api.get(listPath(EVENTS, { type: `${PREFIX}persons.person.created`, subject: person.id }));
    expect(exact.body.items.map((event: Event) => event.subject)).toEqual([person.id]);

    const everything = await api.get(listPath(EVENTS, { limit: 100 }));
    expect(everything.body.items.every((event: Event) => event.type.startsWith(PREFIX))).toBe(true);
    expect((await api.get(listPath(EVENTS, { type: `${PREFIX}*`, limit: 1 }))).body.total).toBe(everything.body.total);

    expect((await api.get(listPath(EVENTS, { type: "persons.*" }))).body.total).toBe(0);
    expect((await api.get(listPath(EVENTS, { type: "persons.person.created" }))).body.total).toBe(0);
    expect((await api.get(listPath(EVENTS, { q: `type:${PREFIX}scheduling*` }))).body.total).toBeGreaterThan(0);
  });

  it("POST requires the prefixed type", async () => {
    const bare = envelope({ type: "persons.person.updated" });
    const refused = expectErrorEnvelope(await api.post(EVENTS, bare), 422, "VALIDATION_ERROR");
    expect(detailFields(refused)).toContain("type");
    expect((await api.get(`${EVENTS}/${bare.id}`)).status).toBe(404);

    const doubled = envelope({ type: `${PREFIX}${PREFIX}persons.person.updated` });
    expect(detailFields(expectErrorEnvelope(await api.post(EVENTS, doubled), 422, "VALIDATION_ERROR"))).toContain("type");

    const wrongSource = envelope({ type: `${PREFIX}persons.person.updated`, source: "/scheduling" });
    expect(detailFields(expectErrorEnvelope(await api.post(EVENTS, wrongSource), 422, "VALIDATION_ERROR"))).toContain("type");

    const event = envelope();
    const response = await api.post(EVENTS, event);
    expect(response.status).toBe(201);
    expect(response.body).toEqual(event);
    expect(new URL(response.headers.get("location") ?? "", platform.url).toString()).toBe(`${platform.url}${EVENTS}/${event.id}`);
    expect((await api.get(`${EVENTS}/${event.id}`)).body).toEqual(event);
    expect((await api.get(listPath(EVENTS, { type: `${PREFIX}persons.person.updated`, subject: event.subject }))).body.total).toBe(1);
  });
});
