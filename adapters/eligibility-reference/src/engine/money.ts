/**
 * Money is computed in integer cents. Requests carry dollars (JSON numbers, possibly with cents); each is
 * turned into cents once, on the way in, and every sum, difference and comparison after that is exact.
 * Only products that can land between cents (frequency conversions, percentages) round, each once, to
 * the nearest cent with halves up. Explanations give the figures back in dollars (cents ÷ 100).
 */
export type Cents = number;

/** Dollars to cents; the precision step keeps 1.005 dollars at 101 cents instead of binary's 100.4999…. */
export function cents(dollars: number): Cents {
  return Math.round(Number((dollars * 100).toPrecision(15)));
}

export function dollars(amount: Cents): number {
  return amount / 100;
}

/** amount × multiply ÷ divide, rounded to the nearest cent, halves up (amounts are never negative). */
export function scale(amount: Cents, multiply: number, divide: number): Cents {
  if (!Number.isInteger(amount) || !Number.isInteger(multiply) || !Number.isInteger(divide)) {
    throw new Error(`scale needs integers, not ${amount} × ${multiply} ÷ ${divide}`);
  }
  const numerator = amount * multiply;
  return Math.floor((2 * numerator + divide) / (2 * divide));
}

/** `percent` % of an amount, to the nearest cent. */
export function percentOf(amount: Cents, percent: number): Cents {
  return scale(amount, percent, 100);
}

export const sum = (amounts: readonly Cents[]): Cents => amounts.reduce((total, amount) => total + amount, 0);
