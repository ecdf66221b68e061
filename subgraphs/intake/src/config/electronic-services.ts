import type { ServiceType } from "@pap/data-exchange/operations";
import type { verificationCategories } from "../contract/records";

type Category = (typeof verificationCategories)[number];

/**
 * The outside services an electronic verification of each category calls (state-machines §3): identity
 * and citizenship by the federal hub's SSA composite, lawful presence by VLP, income by the four income
 * sources; residency has none (a document proves it).
 */
export const electronicServices: Readonly<Record<Category, readonly ServiceType[]>> = {
  identity: ["fdsh_ssa"],
  citizenship: ["fdsh_ssa"],
  immigration: ["fdsh_vlp"],
  income: ["ssa_ievs", "irs_ievs", "swica", "uib"],
  residency: [],
};
