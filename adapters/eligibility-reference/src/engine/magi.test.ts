import { evaluateExParte, evaluateMemberDetermination, type EngineOptions, type MemberContext } from ".";

// The reference MAGI-style tests. Limits worked out by hand from the 2025 poverty guidelines:
// monthly limit = annual guideline × percentage ÷ 12, to the cent.
const options: EngineOptions = { today: "2026-03-15", utilityAllowances: { heatingCooling: 500, limited: 300, source: "test" } };
const satisfied = [{ category: "income", status: "satisfied" as const }];
const earning = (amount: number, dateOfBirth = "1990-01-01"): MemberContext => ({
  id: "m1",
  dateOfBirth,
  income: [{ type: "employed", amount, frequency: "monthly" }],
});
const decide = (program: "medicaid" | "chip" | "tanf", member: MemberContext, householdSize?: number) =>
  evaluateMemberDetermination({ program, member, verificationSummary: satisfied, ...(householdSize ? { householdSize } : {}) }, options);

describe("reference Medicaid test (138 %)", () => {
  it("approves at the limit for one and denies a dollar over", () => {
    // 15,650 × 138 % ÷ 12 = 21,597 ÷ 12 = 1,799.75.
    const at = decide("medicaid", earning(1799.75), 1);
    expect(at).toMatchObject({ program: "medicaid", status: "approved", path: "auto" });
    expect(at.explanation.figures).toMatchObject({ householdSize: 1, monthlyIncome: 1799.75, limits: { monthlyIncome: 1799.75 } });
    expect(at.explanation.ruleSet).toMatchObject({ id: "magi-reference-2025", referencePolicy: true });
    expect(decide("medicaid", earning(1800.75), 1)).toMatchObject({ status: "denied", denialReasonCode: "MEDICAID_INCOME_OVER_LIMIT" });
  });

  it("uses the household size given, and says when it assumed one", () => {
    // Three: 26,650 × 138 % ÷ 12 = 36,777 ÷ 12 = 3,064.75.
    expect(decide("medicaid", earning(3064.75), 3).status).toBe("approved");
    expect(decide("medicaid", earning(3065.75), 3).status).toBe("denied");
    expect(decide("medicaid", earning(100)).explanation.warnings.join(" ")).toContain("household of one");
  });
});

describe("reference CHIP test (children under 19, 200 %)", () => {
  it("approves a child at the limit, denies a dollar over", () => {
    // Two: 21,150 × 200 % ÷ 12 = 3,525.00.
    expect(decide("chip", earning(3525, "2008-03-16"), 2).status).toBe("approved");
    expect(decide("chip", earning(3526, "2008-03-16"), 2)).toMatchObject({ status: "denied", denialReasonCode: "CHIP_INCOME_OVER_LIMIT" });
  });

  it("finds someone 19 today ineligible, whatever the income", () => {
    const nineteen = decide("chip", earning(0, "2007-03-15"), 2);
    expect(nineteen).toMatchObject({ status: "ineligible", path: "auto", denialReasonCode: "CHIP_NOT_A_CHILD" });
    expect(nineteen.explanation.rules.find((rule) => rule.id === "chip-age")).toMatchObject({
      outcome: "failed",
      citation: "42 CFR 457.10",
      figures: { age: 19 },
    });
  });
});

describe("reference TANF test (50 %)", () => {
  it("rounds the limit to the cent and holds it exactly", () => {
    // Three: 26,650 × 50 % ÷ 12 = 1,110.4166… → 1,110.42.
    expect(decide("tanf", earning(1110.42), 3).status).toBe("approved");
    expect(decide("tanf", earning(1110.43), 3)).toMatchObject({ status: "denied", denialReasonCode: "TANF_INCOME_OVER_LIMIT" });
  });

  it("approves a member with no income", () => {
    expect(decide("tanf", { id: "m1" }, 4).status).toBe("approved");
  });
});

describe("reference Medicaid ex parte", () => {
  const checks = [
    { serviceType: "fdsh_fti", result: "conclusive" as const },
    { serviceType: "fdsh_medicare", result: "conclusive" as const },
  ];

  it("approves automatically when every check is conclusive and the income test passes", () => {
    const decision = evaluateExParte({ program: "medicaid", member: earning(1000), householdSize: 1, electronicChecks: checks }, options);
    expect(decision).toMatchObject({ status: "approved", path: "auto" });
    expect(decision.explanation.rules.at(-1)).toMatchObject({ id: "medicaid-ex-parte", outcome: "passed" });
  });

  it("leaves an inconclusive check, or income over the limit, to a caseworker instead of denying", () => {
    const inconclusive = evaluateExParte(
      {
        program: "medicaid",
        member: earning(1000),
        householdSize: 1,
        electronicChecks: [checks[0]!, { serviceType: "fdsh_medicare", result: "inconclusive" }],
      },
      options,
    );
    expect(inconclusive).toMatchObject({ status: "pending", path: "manual" });
    const over = evaluateExParte({ program: "medicaid", member: earning(5000), householdSize: 1, electronicChecks: checks }, options);
    expect(over).toMatchObject({ status: "pending", path: "manual" });
    expect(over.denialReasonCode).toBeUndefined();
    expect(over.explanation.rulesOutcome).toEqual({ status: "denied", denialReasonCode: "MEDICAID_INCOME_OVER_LIMIT" });
  });

  it("evaluates only Medicaid and CHIP", () => {
    expect(() => evaluateExParte({ program: "tanf", member: earning(0), electronicChecks: checks }, options)).toThrow(
      expect.objectContaining({ field: "program" }),
    );
  });
});
