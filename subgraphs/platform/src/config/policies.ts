import type { BenefitProgram } from "@pap/core";

/**
 * Seed data for the platform's read-only policy registry (`GET /platform/registry/policies`).
 *
 * These entries are loaded into the registry at startup; they are not edited at runtime. Each `id` is a
 * stable slug that rules and configuration elsewhere refer to, so never rename or reuse one: add a new
 * entry instead. Citations, programs and ids follow the configuration reference; descriptions are
 * plain-language summaries, not legal text.
 */

/** One entry of the policy registry: a regulation the platform's rules rely on. */
export type PolicyDefinition = {
  id: string; // stable slug
  citation: string; // e.g. "7 CFR § 273.2(g)"
  citationUrl?: string; // official text
  description: string; // plain-language requirement
  programs?: BenefitProgram[]; // e.g. ["snap"]
};

export const seededPolicies: readonly PolicyDefinition[] = [
  {
    id: "snap-household-composition",
    citation: "7 CFR § 273.1",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.1",
    description:
      "A SNAP household is the people who live together and buy and prepare meals together; spouses and parents with their children under 22 must apply together.",
    programs: ["snap"],
  },
  {
    id: "snap-authorized-representative",
    citation: "7 CFR § 273.2(n)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "A responsible household member may designate, in writing, an adult outside the household to apply, be interviewed, and obtain or use benefits on the household's behalf.",
    programs: ["snap"],
  },
  {
    id: "medicaid-authorized-representative",
    citation: "42 CFR § 435.923",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.923",
    description:
      "The agency must let applicants and beneficiaries designate, in a signed writing, a person or organization to apply, renew, and receive notices on their behalf.",
    programs: ["medicaid"],
  },
  {
    id: "snap-application-acceptance",
    citation: "7 CFR § 273.2(g)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "Eligible households that complete the application process must be given the chance to participate no later than 30 days after the application was filed.",
    programs: ["snap"],
  },
  {
    id: "snap-application-date-stamp",
    citation: "7 CFR § 273.2(c)(1)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "Households may file an application with just a name, address and signature, and the agency must record the date it was received, which starts the processing period.",
    programs: ["snap"],
  },
  {
    id: "snap-right-to-apply",
    citation: "7 CFR § 273.2(a)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "Applying means filing a form, an interview and verification; the agency must act promptly on every application and pay eligible households back to the month of application.",
    programs: ["snap"],
  },
  {
    id: "snap-processing-clock",
    citation: "7 CFR § 273.2(i)(1)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "Households with very low income and liquid resources, or whose shelter costs exceed their income and liquid resources, are entitled to expedited service.",
    programs: ["snap"],
  },
  {
    id: "snap-expedited-processing",
    citation: "7 CFR § 273.2(i)(3)(i)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "Households entitled to expedited service must have benefits available no later than the 7th calendar day after the application was filed.",
    programs: ["snap"],
  },
  {
    id: "medicaid-processing-clock",
    citation: "42 CFR § 435.912",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.912",
    description:
      "Eligibility must be decided within 90 days for applications based on disability and within 45 days for all other applications.",
    programs: ["medicaid"],
  },
  {
    id: "snap-interview-requirement",
    citation: "7 CFR § 273.2(e)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "A household member or authorized representative must be interviewed, in person or by phone where allowed, before initial certification and at least every 12 months.",
    programs: ["snap"],
  },
  {
    id: "snap-identity-verification",
    citation: "7 CFR § 273.2(f)(1)(vi)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "The identity of the person applying must be verified before certification, using any readily available document or a collateral contact.",
    programs: ["snap"],
  },
  {
    id: "snap-residency-verification",
    citation: "7 CFR § 273.2(f)(1)(iii)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "The household's residence in the project area must be verified, except in unusual cases such as migrant or homeless households.",
    programs: ["snap"],
  },
  {
    id: "snap-income-verification",
    citation: "7 CFR § 272.8",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-272.8",
    description:
      "State agencies must use an income and eligibility verification system to obtain wage, benefit and unearned income data from state and federal sources and act on it.",
    programs: ["snap"],
  },
  {
    id: "snap-ssa-identity-check",
    citation: "42 U.S.C. § 1320b-7",
    citationUrl: "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title42-section1320b-7",
    description:
      "States must run an income and eligibility verification system, require applicants to provide Social Security numbers, and match them against SSA and IRS data.",
    programs: ["snap"],
  },
  {
    id: "snap-citizenship-eligibility",
    citation: "7 CFR § 273.4",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.4",
    description:
      "Only U.S. citizens, U.S. nationals and noncitizens who meet specific eligibility criteria may receive SNAP benefits as household members.",
    programs: ["snap"],
  },
  {
    id: "qualified-alien-eligibility",
    citation: "8 U.S.C. § 1611",
    citationUrl: "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title8-section1611",
    description:
      "A noncitizen who is not a qualified alien is ineligible for federal public benefits, with limited exceptions such as emergency medical care.",
    programs: ["snap", "medicaid"],
  },
  {
    id: "medicaid-citizenship-electronic-check",
    citation: "42 CFR § 435.956(b)",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.956",
    description:
      "If citizenship or immigration status cannot be verified, an otherwise eligible person gets a reasonable opportunity (usually 90 days) to resolve it while covered.",
    programs: ["medicaid"],
  },
  {
    id: "medicaid-immigration-electronic-check",
    citation: "42 CFR § 435.956(c)",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.956",
    description:
      "State residency may be verified by self-attestation or electronic data; documents may be requested only if the attestation is not reasonably compatible with other data.",
    programs: ["medicaid"],
  },
  {
    id: "medicaid-ex-parte-renewal",
    citation: "42 CFR § 435.916",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.916",
    description:
      "Eligibility is renewed every 12 months, first using information already available to the agency; only if that fails is a prepopulated form sent with 30 days to reply.",
    programs: ["medicaid"],
  },
  {
    id: "medicaid-ex-parte-determination",
    citation: "42 CFR § 435.911",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.911",
    description:
      "The agency must promptly determine eligibility for each applicant, using MAGI-based rules where they apply, and furnish Medicaid without undue delay to those found eligible.",
    programs: ["medicaid"],
  },
  {
    id: "medicaid-data-sharing",
    citation: "42 CFR § 435.948",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.948",
    description:
      "The agency must request income and resource information from state wage records, SSA, IRS and other data sources, to the extent useful in verifying financial eligibility.",
    programs: ["medicaid"],
  },
  {
    id: "snap-gross-income-test",
    citation: "7 CFR § 273.9(a)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.9",
    description:
      "Households must have income under the limits: gross income at or below 130% of poverty and net income at or below 100%; households with elderly or disabled members face only the net test.",
    programs: ["snap"],
  },
  {
    id: "snap-net-income-test",
    citation: "7 CFR § 273.9(b)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.9",
    description:
      "Household income counts all earned and unearned income from any source, except items specifically excluded by regulation.",
    programs: ["snap"],
  },
  {
    id: "snap-resource-limit",
    citation: "7 CFR § 273.8",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.8",
    description:
      "A household's countable resources may not exceed the federal limit, which is higher for households with an elderly or disabled member.",
    programs: ["snap"],
  },
  {
    id: "snap-benefit-calculation",
    citation: "7 CFR § 273.10",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.10",
    description:
      "The monthly allotment is the maximum allotment for the household size minus 30% of net income; first-month benefits are prorated from the application date.",
    programs: ["snap"],
  },
  {
    id: "medicaid-concurrent-application",
    citation: "42 CFR § 435.406",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.406",
    description:
      "Medicaid must be provided to otherwise eligible citizens, nationals and qualified noncitizens; other noncitizens may receive only emergency services.",
    programs: ["medicaid"],
  },
  {
    id: "snap-notice-of-action",
    citation: "7 CFR § 273.13",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.13",
    description:
      "Before reducing or ending benefits during a certification period, the agency must send a timely and adequate notice of adverse action, generally at least 10 days ahead.",
    programs: ["snap"],
  },
  {
    id: "snap-fair-hearing-rights",
    citation: "7 CFR § 273.15(a)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.15",
    description:
      "The state agency must provide a fair hearing to any household aggrieved by an agency action that affects its participation in the program.",
    programs: ["snap"],
  },
  {
    id: "snap-supervisor-review",
    citation: "7 CFR § 273.15",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.15",
    description:
      "Sets up the fair hearing system, including agency conferences where an eligibility supervisor or agency director reviews a disputed action, and hearing time limits.",
    programs: ["snap"],
  },
  {
    id: "snap-verification-requirements",
    citation: "7 CFR § 273.2(f)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "Certain facts such as income, identity and residency must be verified before certification, and questionable information must be verified, with the agency helping obtain proof.",
    programs: ["snap"],
  },
  {
    id: "medicaid-electronic-verification-first",
    citation: "42 CFR § 435.940",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.940",
    description:
      "Sets the scope of the Medicaid eligibility verification rules, which rely on electronic data matches first and limit requests for paper documentation.",
    programs: ["medicaid"],
  },
  {
    id: "snap-notice-of-eligibility",
    citation: "7 CFR § 273.2(h)",
    citationUrl: "https://www.ecfr.gov/current/title-7/section-273.2",
    description:
      "If an application is not decided within 30 days, the agency must find whether the household or the agency caused the delay and act on it, restoring lost benefits if at fault.",
    programs: ["snap"],
  },
  {
    id: "medicaid-notice-of-eligibility",
    citation: "42 CFR § 435.917",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-435.917",
    description:
      "Applicants and beneficiaries must receive timely, adequate written notice of any eligibility decision, stating the basis, effective date and right to appeal.",
    programs: ["medicaid"],
  },
  {
    id: "medicaid-determination-documentation",
    citation: "42 CFR § 431.17(b)(1)",
    citationUrl: "https://www.ecfr.gov/current/title-42/section-431.17",
    description:
      "The agency must keep a record for each applicant and beneficiary showing the application date, the date and basis of each decision, and the facts supporting eligibility.",
    programs: ["medicaid"],
  },
];
