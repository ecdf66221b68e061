import { addBusinessTime } from "./calendar";
import { HOUR_MS } from "./clock";

describe("addBusinessTime", () => {
  it("counts only weekday time: 72 business hours from a Monday morning end on Thursday morning", () => {
    expect(addBusinessTime(new Date("2026-11-23T09:00:00Z"), 72 * HOUR_MS).toISOString()).toBe("2026-11-26T09:00:00.000Z");
  });
  it("skips the weekend: from Friday noon, 72 business hours end on Wednesday noon", () => {
    expect(addBusinessTime(new Date("2026-11-27T12:00:00Z"), 72 * HOUR_MS).toISOString()).toBe("2026-12-02T12:00:00.000Z");
  });
  it("starts counting on Monday for a start on the weekend", () => {
    expect(addBusinessTime(new Date("2026-11-28T15:00:00Z"), 24 * HOUR_MS).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
  it("adds nothing for zero", () => {
    expect(addBusinessTime(new Date("2026-11-28T15:00:00Z"), 0).toISOString()).toBe("2026-11-28T15:00:00.000Z");
  });
});
