import { screenExpedited, type EngineOptions, type ExpeditedScreeningRequest } from ".";

// Expedited service, 7 CFR 273.2(i)(1). Expected outcomes worked out by hand; allowances fixed: full 500, limited 300.
const options: EngineOptions = { today: "2026-03-15", utilityAllowances: { heatingCooling: 500, limited: 300, source: "test" } };
const screen = (request: Partial<ExpeditedScreeningRequest>) => screenExpedited({ household: {}, ...request }, options);
const met = (result: ReturnType<typeof screen>) => result.explanation.rules.filter((rule) => rule.outcome === "met").map((rule) => rule.id);

describe("SNAP expedited screening", () => {
  it("(i) income under $150 with liquid resources of $100 or less", () => {
    // 149.99 < 150 and 100 ≤ 100 → met.
    const atEdge = screen({ application: { expeditedSnap: { totalMoneyExpectedThisMonth: 149.99, totalCashOnHand: 100 } } });
    expect(atEdge.expedited).toBe(true);
    expect(met(atEdge)).toEqual(["snap-expedited-low-income"]);
    expect(atEdge.explanation.rules[0]).toMatchObject({
      citation: "7 CFR 273.2(i)(1)(i)",
      figures: { grossIncome: 149.99, liquidResources: 100 },
    });
    // Income of exactly $150 is not under $150; resources a cent over $100 fail too.
    expect(screen({ application: { expeditedSnap: { totalMoneyExpectedThisMonth: 150, totalCashOnHand: 0 } } }).expedited).toBe(false);
    expect(screen({ application: { expeditedSnap: { totalMoneyExpectedThisMonth: 0, totalCashOnHand: 100.01 } } }).expedited).toBe(false);
  });

  it("a household with no income and no resources qualifies under (i)", () => {
    const result = screen({ application: { expeditedSnap: { totalMoneyExpectedThisMonth: 0, totalCashOnHand: 0 } } });
    expect(result.expedited).toBe(true);
    expect(met(result)).toEqual(["snap-expedited-low-income"]);
  });

  it("(ii) income and resources less than rent or mortgage plus the full allowance when the household heats or cools", () => {
    // 500 + 100 = 600 < rent 200 + full allowance 500 = 700 → met.
    const below = screen({
      application: {
        expeditedSnap: { totalMoneyExpectedThisMonth: 500, totalCashOnHand: 100, monthlyRent: 200 },
        utilities: { heatCoolMethod: "oil" },
      },
    });
    expect(below.expedited).toBe(true);
    expect(met(below)).toEqual(["snap-expedited-shelter"]);
    expect(below.explanation.rules[1]?.figures).toMatchObject({
      incomePlusResources: 600,
      rentOrMortgage: 200,
      utilityAllowance: 500,
      utilityAllowanceTier: "heating_cooling",
      shelterCosts: 700,
    });
    // 600 + 100 = 700 is not less than 700.
    expect(
      screen({
        application: {
          expeditedSnap: { totalMoneyExpectedThisMonth: 600, totalCashOnHand: 100, monthlyRent: 200 },
          utilities: { heatCoolMethod: "oil" },
        },
      }).expedited,
    ).toBe(false);
  });

  it("(ii) with the limited allowance for other utility costs, and none when utilities come with the rent", () => {
    // 500 + 100 = 600 < mortgage 400 + limited 300 = 700 → met.
    const answers = { totalMoneyExpectedThisMonth: 500, totalCashOnHand: 100, monthlyMortgage: 400, monthlyUtilities: 60 };
    const limited = screen({ application: { expeditedSnap: answers } });
    expect(limited.expedited).toBe(true);
    expect(limited.explanation.figures).toMatchObject({ utilityAllowance: 300, utilityAllowanceTier: "limited" });
    // Utilities in the rent: 600 < 400 + 0 is false.
    expect(screen({ household: { utilitiesIncludedInRent: true }, application: { expeditedSnap: answers } }).expedited).toBe(false);
  });

  it("(iii) a destitute migrant or seasonal farmworker household with liquid resources of $100 or less", () => {
    const farmworker = { id: "m1", isMigrantFarmWorker: true };
    const answers = { totalMoneyExpectedThisMonth: 2000, totalCashOnHand: 100 };
    const destitute = screen({ household: { isDestitute: true }, members: [farmworker], application: { expeditedSnap: answers } });
    expect(destitute.expedited).toBe(true);
    expect(met(destitute)).toEqual(["snap-expedited-destitute-farmworker"]);
    // $101 of liquid resources: not met.
    expect(
      screen({
        household: { isDestitute: true },
        members: [farmworker],
        application: { expeditedSnap: { ...answers, totalCashOnHand: 101 } },
      }).expedited,
    ).toBe(false);
    // The older household flag counts as well.
    expect(
      screen({ household: { isDestitute: true, isMigrantOrSeasonalFarmWorker: true }, application: { expeditedSnap: answers } }).expedited,
    ).toBe(true);
    // Not said to be destitute: not met, and the explanation says what was missing.
    const unknown = screen({ members: [farmworker], application: { expeditedSnap: answers } });
    expect(unknown.expedited).toBe(false);
    expect(unknown.explanation.warnings.join(" ")).toContain("household.isDestitute");
  });

  it("reads the members' records when the application gave no expedited answers", () => {
    // Weekly wages 30 × 4.3 = 129 < 150; liquid assets 40 + 50 = 90 ≤ 100 → (i) met.
    const result = screen({
      members: [
        {
          id: "m1",
          income: [{ type: "employed", amount: 30, frequency: "weekly" }],
          assets: [
            { type: "liquid", value: 40 },
            { type: "liquid", value: 50 },
            { type: "vehicle", value: 9000 },
          ],
        },
      ],
    });
    expect(result.expedited).toBe(true);
    expect(result.explanation.figures).toMatchObject({
      grossIncome: 129,
      liquidResources: 90,
      sources: { grossIncome: "members' income records", liquidResources: "members' liquid assets" },
    });
  });
});
