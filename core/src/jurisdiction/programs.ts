/**
 * The benefit programs the platform serves (SPEC: SNAP, Medicaid, CHIP, TANF and ACA coverage): what
 * a decision is made for, a task works on, and a partner's data-sharing agreement covers.
 */
export const benefitPrograms = ["snap", "medicaid", "chip", "tanf", "aca"] as const;
export type BenefitProgram = (typeof benefitPrograms)[number];
