import { ApiError } from "@pap/core";
import { EventCatalog, defineDomainEvents } from "@pap/events";
import { eventLogWhere, positionFrom, streamFilter } from "./event-log";
import { publishedEvent } from "./publish";

const statusOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.details?.map((detail) => detail.field).join(",")}` : "other";
  }
  return "ok";
};

describe("event log filters", () => {
  it("turns type, source, subject, traceid and the inclusive time range into one condition", () => {
    expect(
      eventLogWhere({
        type: "intake.*",
        source: "/intake",
        subject: "0AF7651A-0000-4000-8000-000000000000",
        start: "2026-01-01",
        end: "2026-01-02T00:00:00Z",
      }),
    ).toEqual({
      AND: [
        { type: { startsWith: "intake." } },
        { source: "/intake" },
        { subject: "0af7651a-0000-4000-8000-000000000000" },
        { time: { gte: new Date("2026-01-01"), lte: new Date("2026-01-02T00:00:00Z") } },
      ],
    });
    expect(eventLogWhere({ type: "intake.application.submitted" })).toEqual({ AND: [{ type: "intake.application.submitted" }] });
    expect(eventLogWhere({})).toEqual({});
  });

  it("answers 400 naming the parameter for malformed values", () => {
    expect(statusOf(() => eventLogWhere({ subject: "nope" }))).toBe("400 subject");
    expect(statusOf(() => eventLogWhere({ traceid: "123" }))).toBe("400 traceid");
    expect(statusOf(() => eventLogWhere({ start: "yesterday" }))).toBe("400 start");
    expect(statusOf(() => eventLogWhere({ start: "2026-02-01", end: "2026-01-01" }))).toBe("400 start");
    expect(statusOf(() => positionFrom("12a", "Last-Event-ID"))).toBe("400 Last-Event-ID");
    expect(positionFrom("42")).toBe(42n);
    expect(positionFrom(undefined)).toBeUndefined();
  });

  it("reads a stream's comma-separated types", () => {
    expect(streamFilter({ type: "a.*, b.c.d" })).toEqual({ types: ["a.*", "b.c.d"] });
  });
});

describe("publishing an event", () => {
  const catalog = new EventCatalog([defineDomainEvents("intake", "/intake", { "application.submitted": "…" })]);
  const valid = {
    id: "6F1C0000-0000-4000-8000-000000000001",
    specversion: "1.0",
    type: "intake.application.submitted",
    source: "/intake",
    subject: "6f1c0000-0000-4000-8000-000000000002",
    time: "2026-03-01T10:00:00+02:00",
    datacontenttype: "application/json",
    data: { programs: ["snap"] },
  };

  it("stores the envelope normalized (lower-case ids, UTC time)", () => {
    expect(publishedEvent(valid, catalog)).toEqual({ ...valid, id: valid.id.toLowerCase(), time: "2026-03-01T08:00:00.000Z" });
  });

  it("refuses missing or malformed attributes, unknown ones, and undeclared types, each by name", () => {
    const { time: _time, ...withoutTime } = valid;
    expect(statusOf(() => publishedEvent(withoutTime, catalog))).toBe("422 time");
    expect(statusOf(() => publishedEvent({ ...valid, specversion: "0.3" }, catalog))).toBe("422 specversion");
    expect(statusOf(() => publishedEvent({ ...valid, color: "red" }, catalog))).toBe("422 color");
    expect(statusOf(() => publishedEvent({ ...valid, source: "/workflow" }, catalog))).toBe("422 type");
    expect(statusOf(() => publishedEvent({ ...valid, authid: "u1" }, catalog))).toBe("422 authtype");
    expect(statusOf(() => publishedEvent({ ...valid, traceparent: "00-abc" }, catalog))).toBe("422 traceparent");
  });
});
