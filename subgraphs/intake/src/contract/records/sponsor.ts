import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { choice, enumCheck, flag, incomeAmount, nested, recordBase, reference, text, wholeNumber } from "./fields";

const ssn = z.string().regex(/^\d{3}-\d{2}-\d{4}$/, "must be an SSN written NNN-NN-NNNN");
const sponsorSpouse = z.looseObject({
  type: enumCheck(["member", "contact"]).optional(),
  id: z.uuid({ message: "must be a uuid" }).optional(),
  ssn: ssn.optional(),
  signedAffidavit: z.boolean().optional(),
});

/** The sponsor of an immigrant member (resources.md §3.4): sponsor deeming counts their income. */
export const sponsor = defineResource({
  name: "Sponsor",
  plural: "sponsors",
  model: "Sponsor",
  description: "The sponsor of a sponsored immigrant on the application.",
  fields: {
    ...recordBase,
    sponsoredMemberId: reference("The sponsored member, of the same application."),
    type: choice(["member", "contact"], "SponsorType"),
    sponsorId: reference("The sponsor: the member or contact (of the same application) `type` names."),
    ssn: { ...text(11, "The sponsor's SSN (NNN-NN-NNNN)."), input: ssn },
    spouse: nested(sponsorSpouse, "The sponsor's spouse, when they signed the affidavit too."),
    householdSize: wholeNumber(1),
    income: incomeAmount,
    livesWithSponsored: flag,
  },
  list: { defaultSort: "createdAt" },
});
