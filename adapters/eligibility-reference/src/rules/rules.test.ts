import { denialCodes, inForce, magiReference2025, ruleSets, snapFy2026, type SnapRuleSet } from ".";

describe("rule data", () => {
  it("picks the rule set that started last on or before a date", () => {
    const fy2027: SnapRuleSet = { ...snapFy2026, id: "snap-fy2027", effectiveFrom: "2026-10-01", publishedThrough: "2027-09-30" };
    const sets = [fy2027, snapFy2026];
    expect(inForce(sets, "2025-09-30")).toBeUndefined();
    expect(inForce(sets, "2025-10-01")?.id).toBe("snap-fy2026");
    expect(inForce(sets, "2026-09-30")?.id).toBe("snap-fy2026");
    expect(inForce(sets, "2026-10-01")?.id).toBe("snap-fy2027");
    expect(inForce(ruleSets.snap, "2026-03-15")).toBe(snapFy2026);
  });

  it("SNAP's FY2026 net limits are the 2025 poverty guidelines ÷ 12, rounded up (the two tables agree)", () => {
    const guideline = magiReference2025.povertyGuideline;
    snapFy2026.netIncomeTest.bySize.forEach((limit, index) => expect(limit).toBe(Math.ceil(guideline.bySize[index]! / 12)));
    expect(snapFy2026.netIncomeTest.eachAdditional).toBe(Math.ceil(guideline.eachAdditional / 12));
  });

  it("every denial code a rule names is declared, for the rule's program", () => {
    const named = [snapFy2026.grossIncomeTest, snapFy2026.netIncomeTest, snapFy2026.resourceTest].map((rule) => rule.denialReasonCode);
    for (const rule of Object.values(magiReference2025.programs)) {
      named.push(rule.denialReasonCode);
      if (rule.ageBelow) named.push(rule.ageBelow.denialReasonCode);
    }
    for (const code of named) expect(denialCodes[code]).toBeDefined();
    expect(new Set(named)).toEqual(new Set(Object.keys(denialCodes)));
  });

  it("every rule carries a citation", () => {
    const cited = (Object.values(snapFy2026) as unknown[]).filter(
      (value): value is { citation: string } => typeof value === "object" && value !== null && "citation" in value,
    );
    expect(cited.length).toBeGreaterThan(15);
    for (const rule of cited) expect(rule.citation).toMatch(/^(7 CFR|42 CFR|42 U\.S\.C\.)/);
  });
});
