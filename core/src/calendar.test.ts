import { createCalendar, isIsoDate, isTimeZone, parseDuration } from "./calendar";
import { HOUR_MS } from "./clock";

const newYork = createCalendar({ timeZone: "America/New_York", closureDays: ["2026-12-24"] });
const utc = createCalendar({ timeZone: "UTC" });
const iso = (date: Date) => date.toISOString();

describe("business days", () => {
  it("closes weekends, federal holidays on their observed dates, and the deployment's closure days", () => {
    expect(newYork.isBusinessDay("2026-11-25")).toBe(true); // the Wednesday before Thanksgiving
    expect(newYork.isBusinessDay("2026-11-26")).toBe(false); // Thanksgiving
    expect(newYork.isBusinessDay("2026-11-28")).toBe(false); // a Saturday
    expect(newYork.isBusinessDay("2026-07-03")).toBe(false); // July 4 falls on a Saturday: observed on Friday
    expect(newYork.isBusinessDay("2027-07-05")).toBe(false); // July 4 falls on a Sunday: observed on Monday
    expect(newYork.isBusinessDay("2026-12-24")).toBe(false); // a closure day of this deployment
    expect(utc.isBusinessDay("2026-12-24")).toBe(true);
  });

  it("can be made of weekends alone", () => {
    expect(createCalendar({ timeZone: "UTC", federalHolidays: false }).isBusinessDay("2026-11-26")).toBe(true);
  });
});

describe("addBusinessTime", () => {
  it("counts only business-day time: 72 business hours from a Monday morning end on Thursday morning", () => {
    expect(iso(utc.addBusinessTime(new Date("2026-11-16T09:00:00Z"), 72 * HOUR_MS))).toBe("2026-11-19T09:00:00.000Z");
  });
  it("skips the weekend: from Friday noon, 72 business hours end on Wednesday noon", () => {
    expect(iso(utc.addBusinessTime(new Date("2026-12-04T12:00:00Z"), 72 * HOUR_MS))).toBe("2026-12-09T12:00:00.000Z");
  });
  it("skips Thanksgiving and the weekend after it", () => {
    // Wednesday 10:00 in New York (15:00Z): Wednesday's rest, Friday, Monday, and Tuesday to 10:00.
    expect(iso(newYork.addBusinessTime(new Date("2026-11-25T15:00:00Z"), 72 * HOUR_MS))).toBe("2026-12-01T15:00:00.000Z");
  });
  it("starts counting at the next business day's local midnight for a start on a closed day", () => {
    expect(iso(newYork.addBusinessTime(new Date("2026-11-28T15:00:00Z"), 24 * HOUR_MS))).toBe("2026-12-01T05:00:00.000Z");
  });
  it("counts by the local day near midnight: 23:30 Friday in New York is already Saturday in UTC", () => {
    // 2026-12-04T23:30 EST = 2026-12-05T04:30Z; half an hour of Friday counts, then Monday.
    expect(iso(newYork.addBusinessTime(new Date("2026-12-05T04:30:00Z"), 1 * HOUR_MS))).toBe("2026-12-07T05:30:00.000Z");
    expect(iso(utc.addBusinessTime(new Date("2026-12-05T04:30:00Z"), 1 * HOUR_MS))).toBe("2026-12-07T01:00:00.000Z");
  });
  it("keeps the local time of day across the change to daylight time and back", () => {
    // Friday 2027-03-12 10:00 EST; clocks spring forward on Sunday the 14th: Wednesday 10:00 EDT.
    expect(iso(newYork.addBusinessTime(new Date("2027-03-12T15:00:00Z"), 72 * HOUR_MS))).toBe("2027-03-17T14:00:00.000Z");
    // Friday 2026-10-30 10:00 EDT; clocks fall back on Sunday November 1: Wednesday 10:00 EST.
    expect(iso(newYork.addBusinessTime(new Date("2026-10-30T14:00:00Z"), 72 * HOUR_MS))).toBe("2026-11-04T15:00:00.000Z");
  });
  it("counts backwards too, skipping the same days", () => {
    expect(iso(newYork.addBusinessTime(new Date("2026-12-01T15:00:00Z"), -72 * HOUR_MS))).toBe("2026-11-25T15:00:00.000Z");
  });
  it("adds nothing for zero", () => {
    expect(iso(utc.addBusinessTime(new Date("2026-11-28T15:00:00Z"), 0))).toBe("2026-11-28T15:00:00.000Z");
  });
});

describe("addDuration", () => {
  it("counts P30D as thirty local days across a daylight-saving change, not 720 hours", () => {
    // 2026-10-20 09:00 EDT + 30 days = 2026-11-19 09:00 EST: 721 hours later.
    const start = new Date("2026-10-20T13:00:00Z");
    const due = newYork.addDuration(start, "P30D");
    expect(iso(due)).toBe("2026-11-19T14:00:00.000Z");
    expect(newYork.addDuration(start, "PT720H").getTime() - start.getTime()).toBe(720 * HOUR_MS);
  });
  it("keeps a date's local time across the spring change, and lands past a skipped hour", () => {
    expect(iso(newYork.addDuration(new Date("2027-03-13T14:00:00Z"), "P1D"))).toBe("2027-03-14T13:00:00.000Z");
    // 02:30 on March 14, 2027 does not exist in New York: a day after 02:30 on the 13th is 03:30 EDT.
    expect(iso(newYork.addDuration(new Date("2027-03-13T07:30:00Z"), "P1D"))).toBe("2027-03-14T07:30:00.000Z");
  });
  it("takes negative offsets, and months to the end of a shorter month", () => {
    expect(iso(utc.addDuration(new Date("2026-12-10T12:00:00Z"), "-PT48H"))).toBe("2026-12-08T12:00:00.000Z");
    expect(iso(utc.addDuration(new Date("2027-01-31T12:00:00Z"), "P1M"))).toBe("2027-02-28T12:00:00.000Z");
  });
  it("counts business durations in business days, weeks as five of them", () => {
    expect(iso(newYork.addDuration(new Date("2026-11-25T15:00:00Z"), "PT72H", "business"))).toBe("2026-12-01T15:00:00.000Z");
    expect(iso(newYork.addDuration(new Date("2026-11-25T15:00:00Z"), "P3D", "business"))).toBe("2026-12-01T15:00:00.000Z");
    expect(iso(utc.addDuration(new Date("2026-12-07T12:00:00Z"), "P1W", "business"))).toBe("2026-12-14T12:00:00.000Z");
    expect(() => utc.addDuration(new Date(), "P1M", "business")).toThrow(/business time/);
  });
  it("refuses what is not a duration", () => {
    expect(() => utc.addDuration(new Date(), "72h")).toThrow(/not an ISO-8601 duration/);
    expect(parseDuration("P")).toBeUndefined();
    expect(parseDuration("PT")).toBeUndefined();
    expect(parseDuration("P1DT")).toBeUndefined();
    expect(parseDuration("-PT48H")).toMatchObject({ sign: -1, ms: 48 * HOUR_MS });
  });
});

describe("localDateOf", () => {
  it("is the date on the office's wall, not UTC's", () => {
    expect(newYork.localDateOf(new Date("2026-12-05T04:30:00Z"))).toBe("2026-12-04");
    expect(utc.localDateOf(new Date("2026-12-05T04:30:00Z"))).toBe("2026-12-05");
  });
});

describe("settings", () => {
  it("knows IANA zones and real dates", () => {
    expect(isTimeZone("America/Chicago")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(() => createCalendar({ timeZone: "Mars/Olympus" })).toThrow(/IANA/);
    expect(() => createCalendar({ timeZone: "UTC", closureDays: ["2026-13-01"] })).toThrow(/not a date/);
  });
});
