import { retentionDeadlineOf } from "./retention";

describe("the retention deadline", () => {
  it("is the trigger's date the type's years later", () => {
    expect(retentionDeadlineOf(new Date("2026-03-15T17:45:00Z"), 3).toISOString()).toBe("2029-03-15T00:00:00.000Z");
    expect(retentionDeadlineOf(new Date("2026-12-31T23:59:59Z"), 0).toISOString()).toBe("2026-12-31T00:00:00.000Z");
  });

  it("counts 29 February to 28 February in a year without one", () => {
    expect(retentionDeadlineOf(new Date("2028-02-29T08:00:00Z"), 1).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(retentionDeadlineOf(new Date("2028-02-29T08:00:00Z"), 4).toISOString()).toBe("2032-02-29T00:00:00.000Z");
  });
});
