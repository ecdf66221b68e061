import { DAY_MS, HOUR_MS, MINUTE_MS, readSetting } from "@pap/core";
import { isoDuration, remindersOf, REMINDER_SLOTS } from "./reminders";

const startAt = new Date("2026-12-10T15:00:00.000Z");

describe("appointment reminders", () => {
  it("are owed at each offset before a scheduled appointment, in slot order, with the offset as ISO 8601", () => {
    const { due, cleared } = remindersOf({ status: "scheduled", startAt }, [2 * DAY_MS, 2 * HOUR_MS], new Date("2026-12-01T00:00:00Z"));
    expect(due).toEqual([
      { slot: 0, fireAt: new Date("2026-12-08T15:00:00.000Z"), remindBefore: "P2D" },
      { slot: 1, fireAt: new Date("2026-12-10T13:00:00.000Z"), remindBefore: "PT2H" },
    ]);
    expect(cleared).toEqual([2, 3, 4]);
  });

  it("leave out one whose moment has passed, and keep the shorter ones", () => {
    const { due, cleared } = remindersOf({ status: "scheduled", startAt }, [2 * DAY_MS, 2 * HOUR_MS], new Date("2026-12-09T15:00:00Z"));
    expect(due.map((reminder) => reminder.remindBefore)).toEqual(["PT2H"]);
    expect(cleared).toEqual([0, 2, 3, 4]);
  });

  it("are all cleared once the appointment is no longer scheduled", () => {
    for (const status of ["completed", "canceled", "no_show"]) {
      const { due, cleared } = remindersOf({ status, startAt }, [DAY_MS], new Date("2026-12-01T00:00:00Z"));
      expect(due).toEqual([]);
      expect(cleared).toHaveLength(REMINDER_SLOTS);
    }
  });

  const offsets = (value: string | undefined) => readSetting("APPOINTMENT_REMINDER_OFFSETS", { APPOINTMENT_REMINDER_OFFSETS: value });

  it("write their offsets back as the setting reads them", () => {
    for (const text of ["P2D", "PT2H", "P1DT12H", "PT30M", "P1DT1H1M"]) expect(offsets(text).map(isoDuration)).toEqual([text]);
    expect(isoDuration(90 * MINUTE_MS)).toBe("PT1H30M");
  });

  it("are set by APPOINTMENT_REMINDER_OFFSETS: two days and two hours before unless it says otherwise, none when it says none", () => {
    expect(offsets(undefined)).toEqual([2 * DAY_MS, 2 * HOUR_MS]);
    expect(offsets("PT2H, P2D")).toEqual([2 * DAY_MS, 2 * HOUR_MS]);
    expect(offsets("none")).toEqual([]);
  });

  it("take offsets of days, hours and minutes only (a month has no fixed length), at most five", () => {
    for (const text of ["P1M", "P1W", "PT", "P", "2D", "PT0H", "P1Y", "P1D,soon"])
      expect(() => offsets(text)).toThrow(/ISO-8601 durations/);
    expect(() => offsets("P1D,P2D,P3D,P4D,P5D,P6D")).toThrow(/at most 5/);
  });
});
