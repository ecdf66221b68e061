import { serviceResultFor, type AnswerFacts } from "./answers";
import { serviceTypes } from "./service-types";

const facts = (overrides: Partial<AnswerFacts> = {}): AnswerFacts => ({
  result: "conclusive",
  ssn: "123456780",
  requestId: "3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b10",
  subject: { firstName: "Ana", lastName: "Doe", dateOfBirth: "1990-06-01" },
  context: {},
  respondedAt: new Date("2026-03-15T12:00:00Z"),
  ...overrides,
});

describe("every service type", () => {
  it.each(serviceTypes)("%s answers the same facts the same way, and says what did not match when not conclusive", (serviceType) => {
    const conclusive = serviceResultFor(serviceType, facts());
    expect(serviceResultFor(serviceType, facts())).toEqual(conclusive);
    expect(conclusive).not.toHaveProperty("reason");
    expect(conclusive).not.toHaveProperty("mismatches");

    const inconclusive = serviceResultFor(serviceType, facts({ result: "inconclusive", ssn: "123456786" }));
    expect(inconclusive).toMatchObject({ reason: "no_match", mismatches: expect.arrayContaining([expect.any(String)]) });
    const partial = serviceResultFor(serviceType, facts({ result: "partial", ssn: "123456787" }));
    expect(partial).toMatchObject({ reason: "partial_match", mismatches: expect.arrayContaining([expect.any(String)]) });

    // Without an SSN: the inconclusive shape, saying why.
    const noSsn = serviceResultFor(serviceType, facts({ result: "inconclusive", ssn: null }));
    expect(noSsn).toEqual({ ...inconclusive, reason: "no_ssn", mismatches: ["ssn"] });
  });
});

describe("fdsh_ssa", () => {
  it("verifies everything when conclusive, not the name and date of birth when inconclusive, not citizenship when partial", () => {
    expect(serviceResultFor("fdsh_ssa", facts())).toEqual({
      ssnVerified: true,
      nameMatched: true,
      dateOfBirthMatched: true,
      citizenshipConfirmed: true,
      deathIndicator: false,
    });
    expect(serviceResultFor("fdsh_ssa", facts({ result: "inconclusive" }))).toMatchObject({
      ssnVerified: false,
      nameMatched: false,
      dateOfBirthMatched: false,
      mismatches: ["name", "dateOfBirth"],
    });
    expect(serviceResultFor("fdsh_ssa", facts({ result: "partial" }))).toMatchObject({
      ssnVerified: true,
      nameMatched: true,
      citizenshipConfirmed: false,
      mismatches: ["citizenship"],
    });
  });
});

describe("fdsh_vlp and save", () => {
  it("verify lawful presence with a status from the SSN and a case number from the request id", () => {
    const vlp = serviceResultFor("fdsh_vlp", facts());
    expect(vlp).toMatchObject({
      lawfulPresenceVerified: true,
      immigrationStatus: expect.any(String),
      statusGrantDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      additionalVerificationRequired: false,
    });
    expect(vlp.caseNumber).toMatch(/^\d{13}VL$/);
    const save = serviceResultFor("save", facts());
    expect(save.caseNumber).toMatch(/^\d{13}SV$/);
    expect(String(save.caseNumber).slice(0, 13)).toBe(String(vlp.caseNumber).slice(0, 13));
    expect(serviceResultFor("fdsh_vlp", facts({ requestId: "another" })).caseNumber).not.toBe(vlp.caseNumber);
  });

  it("ask for additional verification when the record or its grant date is missing", () => {
    expect(serviceResultFor("save", facts({ result: "inconclusive" }))).toMatchObject({
      lawfulPresenceVerified: false,
      immigrationStatus: null,
      additionalVerificationRequired: true,
    });
    expect(serviceResultFor("save", facts({ result: "partial" }))).toMatchObject({
      lawfulPresenceVerified: true,
      statusGrantDate: null,
      additionalVerificationRequired: true,
      mismatches: ["statusGrantDate"],
    });
  });
});

describe("income figures", () => {
  const income = { type: "employed", amount: 1000, frequency: "every_two_weeks", employerName: "Acme Corp" };

  it("come from the income sent: $2,150 a month", () => {
    const subject = { lastName: "Doe", income };
    expect(serviceResultFor("fdsh_vci", facts({ subject }))).toEqual({ currentMonthlyIncome: 2150, employer: "Acme Corp" });
    expect(serviceResultFor("fdsh_fti", facts({ subject }))).toMatchObject({
      taxYear: 2025,
      adjustedGrossIncome: 25_800,
      returnFound: true,
    });
    expect(serviceResultFor("swica", facts({ subject }))).toEqual({
      quarterlyWages: ["2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4"].map((quarter) => ({ quarter, wages: 6450 })),
      employerName: "Acme Corp",
    });
  });

  it("come from SSN digits 6–8 without an income", () => {
    // Seed 678: wages 1,200 + 4 × 678 + 0.78 a month.
    expect(serviceResultFor("fdsh_vci", facts({ ssn: "123456781" }))).toMatchObject({
      currentMonthlyIncome: 3912.78,
      employer: expect.any(String),
    });
    expect(serviceResultFor("ssa_ievs", facts({ ssn: "123456781" }))).toMatchObject({ monthlyBenefit: 600 + 1.5 * 678 });
    expect(serviceResultFor("irs_ievs", facts({ ssn: "123456781" }))).toEqual({ taxYear: 2025, annualUnearnedIncome: 40 + 7 * 678 + 0.78 });
    // A different seed, different figures.
    expect(serviceResultFor("fdsh_vci", facts({ ssn: "123450001" })).currentMonthlyIncome).toBe(1200);
  });

  it("take the tax year from the context, and the year before for a partial answer", () => {
    expect(serviceResultFor("fdsh_fti", facts({ context: { taxYear: 2023 } })).taxYear).toBe(2023);
    expect(serviceResultFor("fdsh_fti", facts({ result: "partial" }))).toMatchObject({ taxYear: 2024, mismatches: ["taxYear"] });
  });

  it("leave the latest quarter out of a partial wage record", () => {
    const partial = serviceResultFor("swica", facts({ result: "partial" }));
    expect((partial.quarterlyWages as { quarter: string }[]).map((entry) => entry.quarter)).toEqual(["2025-Q1", "2025-Q2", "2025-Q3"]);
    expect(partial.mismatches).toEqual(["mostRecentQuarter"]);
  });
});

describe("benefits and enrollment", () => {
  it("derive Medicare parts and an unemployment claim from SSN digits 7 and 8", () => {
    // Digit 8 is 8 (≥ 5): enrolled; digit 7 is 7 (odd): no Part B. Digit 8 even: no active claim.
    expect(serviceResultFor("fdsh_medicare", facts({ ssn: "123456780" }))).toEqual({ enrolled: true, partA: true, partB: false });
    expect(serviceResultFor("fdsh_medicare", facts({ ssn: "123456620" }))).toEqual({ enrolled: false, partA: false, partB: false });
    expect(serviceResultFor("uib", facts({ ssn: "123456780" }))).toEqual({ weeklyBenefitAmount: 0, claimActive: false });
    // Digit 8 odd: an active claim, half of the average weekly wage ($2,000 a month).
    expect(serviceResultFor("uib", facts({ ssn: "123456790", subject: { income: { amount: 2000, frequency: "monthly" } } }))).toEqual({
      weeklyBenefitAmount: 231,
      claimActive: true,
    });
  });

  it("find no other enrollment and no incarceration when conclusive", () => {
    expect(serviceResultFor("enrollment_check", facts())).toEqual({ enrolledElsewhere: false, states: [] });
    expect(serviceResultFor("incarceration_check", facts())).toEqual({ incarcerated: false });
    expect(serviceResultFor("enrollment_check", facts({ result: "partial" }))).toMatchObject({
      enrolledElsewhere: null,
      states: [expect.stringMatching(/^[A-Z]{2}$/)],
    });
  });
});
