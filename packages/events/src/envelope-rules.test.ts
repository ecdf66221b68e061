import { changesBetween, crudDrafts, crudEventTypes, defineDomainEvents, EventCatalog } from "./catalog";
import { matchesFilter } from "./filter";
import { anonymous } from "@pap/kernel/auth";
import { actorOf, originOf, reactionOrigin } from "./origin";
import { envelopeFor } from "./append";
import { continueTrace, isTraceparent, newTraceparent, traceIdOf } from "./trace";

const events = defineDomainEvents("case_management", "/case-management", { ...crudEventTypes("case", "case"), "case.closed": "closed" });

describe("event types and catalog", () => {
  it("names types {domain}.{entity}.{action} and refuses a type declared for another source", () => {
    expect(events.draft("case.closed", "s")).toEqual({ type: "case_management.case.closed", source: "/case-management", subject: "s" });
    const catalog = new EventCatalog([events], "org.example.");
    expect(catalog.problemWith("org.example.case_management.case.created", "/case-management")).toBeUndefined();
    expect(catalog.problemWith("case_management.case.created", "/case-management")).toMatch(/not a declared/);
    expect(catalog.problemWith("org.example.case_management.case.created", "/intake")).toMatch(/declared for source '\/case-management'/);
  });

  it("describes an update by the fields that changed, leaving out updatedAt", () => {
    const before = { id: "1", status: "active", members: [{ personId: "p" }], updatedAt: "a", note: null };
    const after = { id: "1", status: "closed", members: [{ personId: "p" }], updatedAt: "b", closedOn: "2026-01-01" };
    expect(changesBetween(before, after)).toEqual([
      { field: "status", before: "active", after: "closed" },
      { field: "closedOn", before: null, after: "2026-01-01" },
    ]);
    expect(crudDrafts(events, "case").updated("1", before, after).data).toEqual({ changes: changesBetween(before, after) });
    expect(crudDrafts(events, "case").deleted("1")).not.toHaveProperty("data");
  });
});

describe("trace context and actor", () => {
  it("keeps a valid incoming traceparent and starts a trace otherwise", () => {
    const incoming = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    expect(originOf({ traceparent: incoming }, anonymous).traceparent).toBe(incoming);
    for (const bad of [undefined, "garbage", "00-00000000000000000000000000000000-b7ad6b7169203331-01"]) {
      const started = originOf({ traceparent: bad }, anonymous).traceparent;
      expect(isTraceparent(started)).toBe(true);
      expect(started).not.toBe(bad);
    }
  });

  it("continues a trace with a new span for a reaction, caused by the event and acted by the system", () => {
    const cause = { id: "e1", traceparent: newTraceparent() } as Parameters<typeof reactionOrigin>[0];
    const origin = reactionOrigin(cause);
    expect(traceIdOf(origin.traceparent)).toBe(traceIdOf(cause.traceparent));
    expect(origin.traceparent).not.toBe(cause.traceparent);
    expect(origin).toMatchObject({ causationid: "e1", authtype: "system" });
    expect(traceIdOf(continueTrace(undefined))).toHaveLength(32);
  });

  it("names the caller as the actor: its id and kind, and no actor for an anonymous caller", () => {
    expect(actorOf(anonymous)).toEqual({});
    expect(actorOf({ kind: "user", id: "u1", roles: ["case_worker"], counties: [] })).toEqual({ authid: "u1", authtype: "user" });
    expect(actorOf({ kind: "service_account", id: "svc", roles: ["system"], counties: [] })).toEqual({
      authid: "svc",
      authtype: "service_account",
    });
  });

  it("builds a complete envelope, leaving absent attributes out", () => {
    const envelope = envelopeFor(
      events.draft("case.deleted", "s"),
      { traceparent: newTraceparent() },
      { typePrefix: "" },
      new Date("2026-01-02T03:04:05.000Z"),
    );
    expect(envelope).toMatchObject({
      specversion: "1.0",
      type: "case_management.case.deleted",
      source: "/case-management",
      subject: "s",
      time: "2026-01-02T03:04:05.000Z",
      datacontenttype: "application/json",
    });
    expect(Object.keys(envelope)).not.toEqual(expect.arrayContaining(["data", "authid", "authtype", "causationid"]));
  });
});

describe("live filters", () => {
  const event = envelopeFor(
    events.draft("case.created", "00000000-0000-4000-8000-00000000000A"),
    { traceparent: newTraceparent() },
    { typePrefix: "" },
  );
  it("match exact types, prefixes, source and subject (case-insensitively)", () => {
    expect(matchesFilter({ types: ["case_management.*"] }, event)).toBe(true);
    expect(matchesFilter({ types: ["case_management.case.created"] }, event)).toBe(true);
    expect(matchesFilter({ types: ["case_management.case"] }, event)).toBe(false);
    expect(matchesFilter({ types: ["intake.*", "case_management.case.created"] }, event)).toBe(true);
    expect(matchesFilter({ source: "/intake" }, event)).toBe(false);
    expect(matchesFilter({ subject: "00000000-0000-4000-8000-00000000000a" }, event)).toBe(true);
  });
});
