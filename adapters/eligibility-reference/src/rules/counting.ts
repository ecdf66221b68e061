import type { CountingRules } from "./types";

/**
 * Converting an income or expense to a monthly figure (7 CFR 273.10(c)(2)): weekly amounts × 4.3,
 * every two weeks × 2.15, twice a month × 2, yearly ÷ 12. Factors are written as integer fractions
 * (43/10, 215/100) so the conversion of an amount in cents is exact before its one rounding.
 * Hourly and daily amounts (the member records' older frequencies) become weekly first, from the
 * record's `hoursPerWeek` or `daysPerWeek`. A `variable` amount is read as this month's expected amount.
 */
export const monthlyConversion2008: CountingRules = {
  conversion: {
    citation: "7 CFR 273.10(c)(2)",
    description:
      "Income received weekly or every two weeks is converted to a monthly amount by multiplying by 4.3 or 2.15; semimonthly amounts are doubled, yearly amounts divided by 12.",
    factors: {
      monthly: { multiply: 1, divide: 1 },
      variable: { multiply: 1, divide: 1, note: "read as the amount expected this month" },
      weekly: { multiply: 43, divide: 10 },
      every_two_weeks: { multiply: 215, divide: 100 },
      every_2_weeks: { multiply: 215, divide: 100 },
      twice_monthly: { multiply: 2, divide: 1 },
      twice_a_month: { multiply: 2, divide: 1 },
      yearly: { multiply: 1, divide: 12 },
      hourly: { multiply: 43, divide: 10, note: "amount × hoursPerWeek, then as weekly" },
      daily: { multiply: 43, divide: 10, note: "amount × daysPerWeek, then as weekly" },
    },
    defaultDaysPerWeek: 5,
  },
};
