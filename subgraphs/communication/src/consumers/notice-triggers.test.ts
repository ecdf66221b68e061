import { pastItsChecks } from "./notice-triggers";

describe("an electronic verification past its checks", () => {
  const electronic = (status: string, ...checks: string[]) => ({
    verificationType: "electronic",
    status,
    electronicChecks: checks.map((check) => ({ status: check })),
  });
  it("is one still pending whose every check failed or timed out", () => {
    expect(pastItsChecks(electronic("pending", "failed"))).toBe(true);
    expect(pastItsChecks(electronic("pending", "failed", "timed_out"))).toBe(true);
  });
  it("is not one with a check still out, one answered, none made, one settled, or a document verification", () => {
    expect(pastItsChecks(electronic("pending", "failed", "pending"))).toBe(false);
    expect(pastItsChecks(electronic("pending", "failed", "completed"))).toBe(false);
    expect(pastItsChecks(electronic("pending"))).toBe(false);
    expect(pastItsChecks(electronic("waived", "failed"))).toBe(false);
    expect(pastItsChecks({ ...electronic("pending", "failed"), verificationType: "document" })).toBe(false);
  });
});
