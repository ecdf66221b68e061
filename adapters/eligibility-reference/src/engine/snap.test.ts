import { evaluateSnapDetermination, type EngineOptions, type MemberContext, type SnapDeterminationRequest } from ".";

// Every expected figure below is worked out by hand from the FY2026 tables (snap-fy2026.md), not read
// back from the engine. Dates are inside FY2026; the state's utility allowances are fixed for the tests.
const options: EngineOptions = {
  today: "2026-03-15",
  utilityAllowances: { heatingCooling: 500, limited: 300, source: "test" },
};
const satisfied = [{ category: "income", status: "satisfied" as const }];

function snap(members: MemberContext[], extra: Partial<SnapDeterminationRequest> = {}) {
  return evaluateSnapDetermination({ program: "snap", members, household: {}, verificationSummary: satisfied, ...extra }, options);
}
const adult = (extra: Partial<MemberContext> = {}): MemberContext => ({ id: "m1", dateOfBirth: "1990-06-01", ...extra });
const earns = (amount: number, frequency = "monthly") => ({ income: [{ type: "employed", amount, frequency }] });
const receives = (amount: number) => ({ income: [{ type: "unearned", amount, frequency: "monthly" }] });
const figures = (decision: ReturnType<typeof snap>) => decision.explanation.figures as Record<string, any>;
const rule = (decision: ReturnType<typeof snap>, id: string) => decision.explanation.rules.find((r) => r.id === id);

describe("SNAP gross income test (130 %, 7 CFR 273.9(a))", () => {
  it("passes a household of one exactly at the $1,696 limit", () => {
    // gross 1,696 (earned) ≤ 1,696. Net: 1,696 − 20 % (339.20) − standard 209 = 1,147.80 ≤ 1,305.
    // Benefit: 298 − ⌈30 % × 1,147.80 = 344.34⌉ = 298 − 345 < 0 → the one-person minimum, $24.
    const decision = snap([adult(earns(1696))]);
    expect(decision).toMatchObject({ program: "snap", status: "approved", path: "auto" });
    expect(decision.denialReasonCode).toBeUndefined();
    expect(figures(decision)).toMatchObject({
      householdSize: 1,
      grossIncome: 1696,
      deductions: { earnedIncome: 339.2, standard: 209, excessShelter: 0 },
      netIncome: 1147.8,
      limits: { grossIncome: 1696, netIncome: 1305, resources: 3000 },
      monthlyBenefit: 24,
    });
    expect(rule(decision, "snap-gross-income-test")).toMatchObject({
      outcome: "passed",
      citation: "7 CFR 273.9(a)",
      figures: { grossIncome: 1696, limit: 1696 },
    });
  });

  it("denies one dollar over, with the gross test's code, though the net test passes", () => {
    // gross 1,697 > 1,696. Net: 1,697 − 339.40 − 209 = 1,148.60 ≤ 1,305 (passes).
    const decision = snap([adult(earns(1697))]);
    expect(decision).toMatchObject({ status: "denied", path: "auto", denialReasonCode: "SNAP_GROSS_INCOME_OVER_LIMIT" });
    expect(figures(decision).netIncome).toBe(1148.6);
    expect(rule(decision, "snap-gross-income-test")).toMatchObject({ outcome: "failed", denialReasonCode: "SNAP_GROSS_INCOME_OVER_LIMIT" });
    expect(rule(decision, "snap-net-income-test")?.outcome).toBe("passed");
    expect(figures(decision).monthlyBenefit).toBeNull();
  });

  it("uses each additional member's increment past eight", () => {
    // Ten members: gross limit 5,867 + 2 × 596 = 7,059; net limit 4,513 + 2 × 459 = 5,431.
    const members = Array.from({ length: 10 }, (_, i) => adult({ id: `m${i}` }));
    expect(figures(snap(members)).limits).toEqual({ grossIncome: 7059, netIncome: 5431, resources: 3000 });
  });
});

describe("SNAP net income test (100 %, 7 CFR 273.9(a))", () => {
  it("passes exactly at the $1,305 limit for one", () => {
    // Unearned 1,514: gross 1,514 ≤ 1,696; net 1,514 − 209 = 1,305 ≤ 1,305.
    // Benefit: 298 − ⌈391.50⌉ = 298 − 392 < 0 → $24.
    const decision = snap([adult(receives(1514))]);
    expect(decision.status).toBe("approved");
    expect(figures(decision)).toMatchObject({ grossIncome: 1514, netIncome: 1305, monthlyBenefit: 24 });
  });

  it("denies one dollar over with the net test's code", () => {
    // Unearned 1,515: net 1,306 > 1,305.
    const decision = snap([adult(receives(1515))]);
    expect(decision).toMatchObject({ status: "denied", denialReasonCode: "SNAP_NET_INCOME_OVER_LIMIT" });
    expect(rule(decision, "snap-net-income-test")).toMatchObject({ outcome: "failed", figures: { netIncome: 1306, limit: 1305 } });
  });

  it("caps the excess shelter deduction at $744 for a household with no elderly or disabled member", () => {
    // Four members, earned 3,000 a month, dependent care 300, mortgage 1,800, pays heating (full allowance 500).
    // Earned deduction 20 % = 600; standard (4 members) 223; adjusted 3,000 − 600 − 223 − 300 = 1,877.
    // Shelter 1,800 + 500 = 2,300; half of adjusted 938.50; excess 1,361.50 → capped at 744.
    // Net 1,877 − 744 = 1,133 ≤ 2,680; gross 3,000 ≤ 3,483. Benefit 994 − ⌈339.90⌉ = 994 − 340 = 654.
    const decision = snap(
      [
        adult({
          ...earns(3000),
          expenses: [
            { type: "mortgage", amount: 1800 },
            { type: "dependent_care", amount: 300 },
          ],
        }),
        adult({ id: "m2" }),
        { id: "c1", dateOfBirth: "2018-01-01" },
        { id: "c2", dateOfBirth: "2020-01-01" },
      ],
      { application: { utilities: { heatCoolMethod: "gas" } } },
    );
    expect(decision.status).toBe("approved");
    expect(figures(decision)).toMatchObject({
      householdSize: 4,
      deductions: { earnedIncome: 600, standard: 223, dependentCare: 300, excessShelter: 744 },
      adjustedIncome: 1877,
      shelter: { rentOrMortgage: 1800, utilityAllowance: 500, utilityAllowanceTier: "heating_cooling", total: 2300 },
      netIncome: 1133,
      monthlyBenefit: 654,
    });
    expect(rule(decision, "snap-excess-shelter-deduction")?.figures).toMatchObject({
      halfOfAdjustedIncome: 938.5,
      excessShelterCosts: 1361.5,
      cap: 744,
      capped: true,
    });
  });
});

describe("SNAP elderly and disabled households", () => {
  // One member, unearned 1,900 (above the 1,696 gross limit), rent 1,200, pays heating (500).
  // Adjusted 1,900 − 209 = 1,691; shelter 1,700; half of adjusted 845.50; excess 854.50 (above the 744 cap).
  const household = (dateOfBirth: string) =>
    snap([{ id: "m1", dateOfBirth, ...receives(1900), expenses: [{ type: "rent", amount: 1200 }] }], {
      application: { utilities: { heatCoolMethod: "electric" } },
    });

  it("a member 60 today skips the gross test and keeps the whole shelter deduction", () => {
    // Net 1,691 − 854.50 = 836.50 ≤ 1,305. Benefit 298 − ⌈250.95⌉ = 298 − 251 = 47.
    const decision = household("1966-03-15");
    expect(decision).toMatchObject({ status: "approved", path: "auto" });
    expect(rule(decision, "snap-gross-income-test")?.outcome).toBe("skipped");
    expect(figures(decision)).toMatchObject({
      elderlyOrDisabled: true,
      deductions: { excessShelter: 854.5 },
      netIncome: 836.5,
      limits: { grossIncome: null, netIncome: 1305, resources: 4500 },
      monthlyBenefit: 47,
    });
  });

  it("a member who turns 60 tomorrow takes the gross test (and the cap)", () => {
    // Gross 1,900 > 1,696 → denied; the excess shelter deduction is capped at 744 (net 947).
    const decision = household("1966-03-16");
    expect(decision).toMatchObject({ status: "denied", denialReasonCode: "SNAP_GROSS_INCOME_OVER_LIMIT" });
    expect(figures(decision)).toMatchObject({ elderlyOrDisabled: false, deductions: { excessShelter: 744 }, netIncome: 947 });
  });

  it("a disabled member (intake's nested shape) deducts medical costs above $35, only their own", () => {
    // Two members: a disabled adult with SSDI 2,500 and medical 135; a child with medical 50 (not elderly or disabled: not counted).
    // Medical deduction 135 − 35 = 100. Adjusted 2,500 − 209 − 100 = 2,191.
    // Shelter: rent 1,400 + 500 = 1,900; half of adjusted 1,095.50; excess 804.50, uncapped.
    // Net 2,191 − 804.50 = 1,386.50 ≤ 1,763 (two members); gross 2,500 > 2,292 but the test is skipped.
    // Benefit 546 − ⌈415.95⌉ = 546 − 416 = 130.
    const decision = snap(
      [
        {
          id: "m1",
          personalInformation: { dateOfBirth: "1980-01-01" },
          disability: { isDisabled: true },
          ...receives(2500),
          expenses: [
            { type: "medical", amount: 135 },
            { type: "rent", amount: 1400 },
          ],
        },
        { id: "c1", personalInformation: { dateOfBirth: "2015-01-01" }, expenses: [{ type: "medical", amount: 50 }] },
      ],
      { application: { utilities: { receivesLiheap: true } } },
    );
    expect(decision.status).toBe("approved");
    expect(figures(decision)).toMatchObject({
      householdSize: 2,
      elderlyOrDisabled: true,
      deductions: { medical: 100, standard: 209, excessShelter: 804.5 },
      adjustedIncome: 2191,
      netIncome: 1386.5,
      monthlyBenefit: 130,
    });
  });
});

describe("SNAP resource test (7 CFR 273.8(b))", () => {
  const withAssets = (assets: MemberContext["assets"], dateOfBirth = "1990-06-01") => snap([{ id: "m1", dateOfBirth, assets }]);

  it("passes at $3,000 and denies at $3,001", () => {
    expect(withAssets([{ type: "liquid", value: 3000 }]).status).toBe("approved");
    const over = withAssets([
      { type: "liquid", value: 2000 },
      { type: "other", value: 1001 },
    ]);
    expect(over).toMatchObject({ status: "denied", denialReasonCode: "SNAP_RESOURCES_OVER_LIMIT" });
    expect(rule(over, "snap-resource-test")).toMatchObject({ outcome: "failed", figures: { resources: 3001, limit: 3000 } });
  });

  it("allows $4,500 when a member is elderly, not $4,501", () => {
    expect(withAssets([{ type: "liquid", value: 4500 }], "1950-01-01").status).toBe("approved");
    expect(withAssets([{ type: "liquid", value: 4501 }], "1950-01-01").denialReasonCode).toBe("SNAP_RESOURCES_OVER_LIMIT");
  });

  it("leaves out the home, vehicles and retirement accounts, and counts other real property", () => {
    // Counted: liquid 1,000 + rental property 1,500 = 2,500. Excluded: home 200,000, car 20,000, 401(k) 50,000.
    const decision = withAssets([
      { type: "liquid", value: 1000 },
      { type: "real_property", value: 200000, primaryUse: "primary_residence" },
      { type: "real_property", value: 1500, primaryUse: "rental" },
      { type: "vehicle", value: 20000 },
      { type: "retirement_account", value: 50000 },
    ]);
    expect(figures(decision).resources).toBe(2500);
    expect(decision.status).toBe("approved");
  });
});

describe("SNAP households and income", () => {
  it("approves a household with no income for the full allotment", () => {
    // Three members, no income, rent 800 and no utilities. Gross 0; adjusted max(0, 0 − 209) = 0;
    // shelter 800, excess 800 − 0 = 800 → capped 744; net max(0, 0 − 744) = 0. Benefit 785 − 0 = 785.
    const decision = snap([adult({ expenses: [{ type: "rent", amount: 800 }] }), adult({ id: "m2" }), adult({ id: "m3" })]);
    expect(decision).toMatchObject({ status: "approved", path: "auto" });
    expect(figures(decision)).toMatchObject({ grossIncome: 0, adjustedIncome: 0, netIncome: 0, resources: 0, monthlyBenefit: 785 });
  });

  it("counts neither roomers, members who eat apart, nor someone who is only an authorized representative", () => {
    const roomer = "5b0a3c3e-8f0e-4d0c-9d7a-2f6f1f0b1a11";
    const decision = snap(
      [
        adult(receives(500)),
        adult({ id: roomer, ...receives(5000) }),
        adult({ id: "m3", purchasesAndPreparesFood: false, ...receives(5000) }),
        adult({ id: "m4", roles: ["authorized_representative"] }),
      ],
      { household: { roomers: [{ type: "member", id: roomer }] } },
    );
    // Only m1 is counted: size 1, gross 500.
    expect(figures(decision)).toMatchObject({ householdSize: 1, grossIncome: 500 });
    expect(figures(decision).excludedMembers).toHaveLength(3);
  });

  it("converts frequencies, leaves out excluded types and income that has ended", () => {
    // Weekly 400 × 4.3 = 1,720; every two weeks 100 × 2.15 = 215; yearly 1,200 ÷ 12 = 100; in-kind 300 excluded;
    // a job that ended 2026-02-28 not counted. Earned 1,720 + 215 = 1,935; unearned 100; gross 2,035.
    const decision = snap([
      adult({
        income: [
          { type: "employed", amount: 400, frequency: "weekly" },
          { type: "self_employed", amount: 100, frequency: "every_two_weeks" },
          { type: "unearned", amount: 1200, frequency: "yearly" },
          { type: "in_kind_support", amount: 300, frequency: "monthly" },
          { type: "employed", amount: 900, frequency: "monthly", endDate: "2026-02-28" },
        ],
      }),
    ]);
    expect(figures(decision)).toMatchObject({ earnedIncome: 1935, unearnedIncome: 100, grossIncome: 2035 });
    expect(figures(decision).incomes.map((line: { counted: string }) => line.counted)).toEqual([
      "earned",
      "earned",
      "unearned",
      "excluded",
      "ended",
    ]);
  });

  it("deducts child support paid up to the legal obligation", () => {
    // Paid 400, obligated 250 → 250. Unearned 1,700: adjusted 1,700 − 209 − 250 = 1,241 (gross 1,700 > 1,696 though).
    const decision = snap([adult({ ...receives(1700), expenses: [{ type: "child_support", amount: 400, legallyObligatedAmount: 250 }] })]);
    expect(figures(decision)).toMatchObject({ deductions: { childSupport: 250 }, adjustedIncome: 1241 });
  });

  it("applies the limited utility allowance for utility costs without heating or cooling, none when utilities are in the rent", () => {
    const members = [
      adult({
        expenses: [
          { category: "housing", amount: 600 },
          { category: "utilities", amount: 80 },
        ],
      }),
    ];
    expect(figures(snap(members)).shelter).toMatchObject({
      rentOrMortgage: 600,
      utilityAllowance: 300,
      utilityAllowanceTier: "limited",
      total: 900,
    });
    expect(figures(snap(members, { household: { utilitiesIncludedInRent: true } })).shelter).toMatchObject({
      utilityAllowance: 0,
      utilityAllowanceTier: "none",
    });
  });
});

describe("SNAP decisions the adapter leaves to a caseworker, and rules in force", () => {
  it("returns pending on the manual path while a verification is outstanding, keeping what the rules found", () => {
    const decision = snap([adult(receives(1515))], {
      verificationSummary: [
        { category: "income", status: "pending" },
        { category: "identity", status: "waived" },
      ],
    });
    expect(decision).toMatchObject({ status: "pending", path: "manual" });
    expect(decision.denialReasonCode).toBeUndefined();
    expect(decision.explanation.rulesOutcome).toEqual({ status: "denied", denialReasonCode: "SNAP_NET_INCOME_OVER_LIMIT" });
    expect(decision.explanation.warnings.join(" ")).toContain("income: pending");
  });

  it("names the rule set, refuses a date before any, and warns past the published period", () => {
    const inside = snap([adult()]);
    expect(inside.explanation.ruleSet).toMatchObject({ id: "snap-fy2026", effectiveFrom: "2025-10-01", publishedThrough: "2026-09-30" });
    expect(inside.explanation.warnings).toEqual([]);
    expect(() => snap([adult()], { evaluationDate: "2025-09-30" })).toThrow(
      expect.objectContaining({ name: "EvaluationError", field: "evaluationDate" }),
    );
    const after = snap([adult()], { evaluationDate: "2026-10-01" });
    expect(after.explanation.ruleSet.id).toBe("snap-fy2026");
    expect(after.explanation.warnings[0]).toContain("through 2026-09-30");
  });

  it("every failed rule carries a citation and the code it names", () => {
    const decision = snap([adult({ ...earns(5000), assets: [{ type: "liquid", value: 9000 }] })]);
    const failed = decision.explanation.rules.filter((r) => r.outcome === "failed");
    expect(failed.map((r) => r.denialReasonCode)).toEqual([
      "SNAP_GROSS_INCOME_OVER_LIMIT",
      "SNAP_NET_INCOME_OVER_LIMIT",
      "SNAP_RESOURCES_OVER_LIMIT",
    ]);
    // The first failed rule decides.
    expect(decision.denialReasonCode).toBe("SNAP_GROSS_INCOME_OVER_LIMIT");
    for (const applied of decision.explanation.rules) expect(applied.citation).toMatch(/^7 CFR \d/);
  });
});
