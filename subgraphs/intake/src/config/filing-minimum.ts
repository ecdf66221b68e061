import { readSetting } from "@pap/core";
import type { applicationPrograms } from "../contract/application";

type Program = (typeof applicationPrograms)[number];

/** What an application holds that the filing minimum reads (gathered once, at submission). */
export type FilingFacts = {
  programs: readonly string[];
  /** The first primary applicant's contact, as written. */
  primaryApplicant: { firstName?: string; lastName?: string; hasAddress: boolean; isExperiencingHomelessness: boolean } | null;
  signaturePurposes: ReadonlySet<string>;
};

/** One thing an application must hold before it is accepted for filing; `field` and `message` become one 422 detail. */
export type FilingRequirement = {
  id: string;
  /** The programs whose rules require it: it applies when the application asks for any of them. */
  programs: readonly Program[];
  field: string;
  message: string;
  met(facts: FilingFacts): boolean;
  /** Where the rule comes from. */
  authority: string;
};

const named = (value: string | undefined) => typeof value === "string" && value.trim().length > 0;

/**
 * The filing minimum: what a state agency needs to accept an application and start its clock. For
 * SNAP, 7 CFR 273.2(c)(1): the applicant's name, an address, and a signature. A household without a
 * home files without an address (7 CFR 273.2(c)(1) lets it give none), so homelessness meets that
 * item. A deployment turns the whole check off with INTAKE_FILING_MINIMUM=off.
 */
export const filingMinimum: readonly FilingRequirement[] = [
  {
    id: "applicant-name",
    programs: ["snap"],
    field: "members",
    message: "needs a primary applicant with a first and last name (contact.name)",
    met: ({ primaryApplicant }) => named(primaryApplicant?.firstName) && named(primaryApplicant?.lastName),
    authority: "7 CFR 273.2(c)(1)",
  },
  {
    id: "address",
    programs: ["snap"],
    field: "members",
    message:
      "needs the primary applicant's address (contact.primaryAddress or contact.mailingAddress), unless they are experiencing homelessness",
    met: ({ primaryApplicant }) =>
      Boolean(primaryApplicant && (primaryApplicant.hasAddress || primaryApplicant.isExperiencingHomelessness)),
    authority: "7 CFR 273.2(c)(1)",
  },
  {
    id: "signature",
    programs: ["snap"],
    field: "signatures",
    message: "needs a signature with purpose application",
    met: ({ signaturePurposes }) => signaturePurposes.has("application"),
    authority: "7 CFR 273.2(c)(1)",
  },
];

/** The requirements an application does not meet, as 422 details (none when the check is off). */
export function missingForFiling(
  facts: FilingFacts,
  requirements: readonly FilingRequirement[] = filingMinimum,
): { field: string; message: string }[] {
  return requirements
    .filter((requirement) => requirement.programs.some((program) => facts.programs.includes(program)) && !requirement.met(facts))
    .map(({ field, message }) => ({ field, message }));
}

/** Whether this deployment checks the filing minimum (on unless INTAKE_FILING_MINIMUM=off). */
export const filingMinimumEnabled = (env: NodeJS.ProcessEnv = process.env) => readSetting("INTAKE_FILING_MINIMUM", env) === "on";
