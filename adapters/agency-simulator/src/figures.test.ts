import { caseNumberOf, completedQuarters, monthlyAmount, monthlyWages, seedOf } from "./figures";

describe("monthlyAmount", () => {
  it.each([
    ["monthly", 1000, 1000],
    ["weekly", 500, 2150],
    ["every_two_weeks", 1000, 2150],
    ["biweekly", 1000, 2150],
    ["twice_monthly", 900, 1800],
    ["yearly", 24_000, 2000],
    ["quarterly", 3000, 1000],
    ["hourly", 20, 3440],
    ["something_else", 700, 700],
  ])("converts %s %d to %d a month", (frequency, amount, monthly) => {
    expect(monthlyAmount({ amount, frequency })).toBe(monthly);
  });

  it("reads a decimal string as the platform serializes it, and has no amount without one", () => {
    expect(monthlyAmount({ amount: 1234.5, frequency: null })).toBe(1234.5);
    expect(monthlyAmount({ amount: null, frequency: "monthly" })).toBeNull();
    expect(monthlyAmount(undefined)).toBeNull();
    expect(monthlyAmount({ amount: -5 })).toBeNull();
  });
});

it("derives wages from the income, else from SSN digits 6–8", () => {
  expect(seedOf("123456789")).toBe(678);
  expect(monthlyWages(678, { amount: 2500, frequency: "monthly" })).toBe(2500);
  // 1,200 + 4 × 678 dollars, 78 cents.
  expect(monthlyWages(678, null)).toBe(3912.78);
});

it("gives each request id its own case number, the same every time", () => {
  const first = caseNumberOf("3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b10", "VL");
  expect(first).toMatch(/^\d{13}VL$/);
  expect(caseNumberOf("3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b10", "VL")).toBe(first);
  expect(caseNumberOf("3f1c8a52-6a57-4e8f-9d44-0c5d3c2f9b11", "VL")).not.toBe(first);
});

it("lists the quarters completed before a date's own, oldest first, across a year's end", () => {
  expect(completedQuarters(new Date("2026-02-10T00:00:00Z"), 4)).toEqual(["2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4"]);
  expect(completedQuarters(new Date("2026-12-31T23:00:00Z"), 2)).toEqual(["2026-Q2", "2026-Q3"]);
});
