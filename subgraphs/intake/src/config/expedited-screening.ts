/** What the expedited SNAP screening reads: the application's `expeditedSnap` answers. */
export type ExpeditedAnswers = {
  totalMoneyExpectedThisMonth?: number;
  totalCashOnHand?: number;
  monthlyMortgage?: number;
  monthlyRent?: number;
  monthlyUtilities?: number;
};

/**
 * The screening's thresholds (7 CFR 273.2(i)(1)): gross monthly income under $150 with liquid resources
 * of $100 or less, or income and resources together under the household's shelter costs. The third
 * ground (destitute migrant households) needs facts the application does not carry yet.
 */
export const expeditedScreening = { incomeBelow: 150, resourcesAtMost: 100 } as const;

/**
 * Whether a SNAP application is screened expedited at submission (7 CFR 273.2(i)(2) asks for the
 * screening when it is filed); null when it does not apply for SNAP or gave no answers to screen.
 */
export function screenExpedited(programs: readonly string[], answers: ExpeditedAnswers | null): boolean | null {
  if (!programs.includes("snap") || !answers) return null;
  const income = answers.totalMoneyExpectedThisMonth ?? 0;
  const resources = answers.totalCashOnHand ?? 0;
  const shelter = (answers.monthlyMortgage ?? 0) + (answers.monthlyRent ?? 0) + (answers.monthlyUtilities ?? 0);
  return (income < expeditedScreening.incomeBelow && resources <= expeditedScreening.resourcesAtMost) || income + resources < shelter;
}
