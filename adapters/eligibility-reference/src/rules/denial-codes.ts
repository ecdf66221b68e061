import type { DenialCode } from "./types";

/**
 * The codes a decision of this adapter may carry in `denialReasonCode`: each names the rule it comes
 * from. A denied or ineligible decision's code is always the one its first failed rule names.
 */
export const denialCodes: Readonly<
  Record<DenialCode, { program: string; status: "denied" | "ineligible"; citation: string; description: string }>
> = {
  SNAP_GROSS_INCOME_OVER_LIMIT: {
    program: "snap",
    status: "denied",
    citation: "7 CFR 273.9(a)",
    description: "Gross monthly income is above 130 % of the poverty guideline for the household size.",
  },
  SNAP_NET_INCOME_OVER_LIMIT: {
    program: "snap",
    status: "denied",
    citation: "7 CFR 273.9(a)",
    description: "Net monthly income is above 100 % of the poverty guideline for the household size.",
  },
  SNAP_RESOURCES_OVER_LIMIT: {
    program: "snap",
    status: "denied",
    citation: "7 CFR 273.8(b)",
    description: "Countable resources are above the resource limit.",
  },
  MEDICAID_INCOME_OVER_LIMIT: {
    program: "medicaid",
    status: "denied",
    citation: "42 CFR 435.603",
    description: "Reference policy: MAGI-style income is above the Medicaid limit.",
  },
  CHIP_INCOME_OVER_LIMIT: {
    program: "chip",
    status: "denied",
    citation: "42 CFR 457.310",
    description: "Reference policy: MAGI-style income is above the CHIP limit.",
  },
  CHIP_NOT_A_CHILD: { program: "chip", status: "ineligible", citation: "42 CFR 457.10", description: "CHIP covers children under 19." },
  TANF_INCOME_OVER_LIMIT: {
    program: "tanf",
    status: "denied",
    citation: "42 U.S.C. 602(a)",
    description: "Reference policy: income is above the TANF limit.",
  },
};
