import { ageOn, cents, monthly, percentOf, rules } from "..";

const counting = rules.snapFy2026.counting;

describe("money in cents and monthly conversion (7 CFR 273.10(c)(2))", () => {
  it("reads dollars as cents without binary drift", () => {
    expect(cents(1.005)).toBe(101);
    expect(cents(0.1 + 0.2)).toBe(30);
    expect(cents(1696)).toBe(169600);
  });

  it("converts each frequency to the same $1,720 a month", () => {
    expect(monthly(400, "weekly", counting)).toBe(172000); // 400 × 4.3
    expect(monthly(800, "every_two_weeks", counting)).toBe(172000); // 800 × 2.15
    expect(monthly(800, "every_2_weeks", counting)).toBe(172000);
    expect(monthly(860, "twice_monthly", counting)).toBe(172000); // 860 × 2
    expect(monthly(860, "twice_a_month", counting)).toBe(172000);
    expect(monthly(20640, "yearly", counting)).toBe(172000); // 20,640 ÷ 12
    expect(monthly(1720, "monthly", counting)).toBe(172000);
    expect(monthly(10, "hourly", counting, { hoursPerWeek: 40 })).toBe(172000); // 10 × 40 = 400 a week × 4.3
    expect(monthly(80, "daily", counting)).toBe(172000); // 80 × 5 days = 400 a week × 4.3
    expect(monthly(100, "daily", counting, { daysPerWeek: 4 })).toBe(172000);
  });

  it("rounds each conversion once, to the nearest cent, halves up", () => {
    expect(monthly(123.45, "weekly", counting)).toBe(53084); // 12,345 × 4.3 = 53,083.5 cents → 53,084
    expect(monthly(100.01, "every_two_weeks", counting)).toBe(21502); // 10,001 × 2.15 = 21,502.15 → 21,502
    expect(monthly(1000, "yearly", counting)).toBe(8333); // 100,000 ÷ 12 = 8,333.33 → 8,333
    expect(percentOf(33950, 20)).toBe(6790); // 20 % of 339.50
    expect(percentOf(1, 50)).toBe(1); // half a cent rounds up
  });

  it("refuses an hourly amount without hours", () => {
    expect(() => monthly(10, "hourly", counting)).toThrow(expect.objectContaining({ field: "hoursPerWeek" }));
  });

  it("counts age in whole years, a birthday on the day itself", () => {
    expect(ageOn("1966-03-15", "2026-03-15")).toBe(60);
    expect(ageOn("1966-03-16", "2026-03-15")).toBe(59);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
  });
});
