import { z } from "zod";

/**
 * The shapes intake's records share and nest (resources.md §3.3): an address, a name, the member's
 * sub-objects. The contract lets a sub-object carry keys beyond the named ones, so each is open; the
 * named ones are checked (enums, patterns, dates, bounds).
 */
const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of: ${values.join(", ")}` });
const date = z.iso.date({ message: "must be a date (YYYY-MM-DD)" });
const nonNegative = z.number().min(0, "must not be negative");

export const address = z.strictObject({
  addressLine1: z.string().min(1, "must not be empty").max(150),
  addressLine2: z.string().max(150).optional(),
  city: z.string().min(1, "must not be empty").max(100),
  state: z.string().min(1, "must not be empty").max(100),
  zip: z.string().min(3, "must be 3 to 20 characters").max(20, "must be 3 to 20 characters"),
  county: z.string().max(100).optional(),
});

export const phoneNumber = z
  .string()
  .regex(/^\+?[0-9 .\-()]{7,20}$/, "must be a phone number (7 to 20 digits, spaces, dots, dashes or brackets)");
export const email = z.email({ message: "must be an email address" }).max(320);
/** A BCP 47 language tag (en, es-MX, zh-Hant-TW). */
export const languageTag = z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a BCP 47 language tag such as en or es-MX");

export const name = z.looseObject({
  firstName: z.string().min(1, "must not be empty").max(100),
  middleName: z.string().max(100).optional(),
  lastName: z.string().min(1, "must not be empty").max(100),
  maidenName: z.string().max(100).optional(),
  suffix: z.string().max(20).optional(),
});

export const personalInformation = z.looseObject({
  ssn: z
    .string()
    .regex(/^\d{3}-\d{2}-\d{4}$/, "must be an SSN written NNN-NN-NNNN")
    .optional(),
  dateOfBirth: date.optional(),
  sexAssignedAtBirth: enumOf(["male", "female", "intersex", "unknown"]).optional(),
  genderIdentity: enumOf([
    "man",
    "woman",
    "non_binary",
    "transgender_man",
    "transgender_woman",
    "prefer_not_to_answer",
    "other",
  ]).optional(),
  maritalStatus: enumOf(["single", "married", "divorced", "separated", "widowed", "civil_union", "domestic_partnership"]).optional(),
  races: z
    .array(enumOf(["american_indian_alaskan_native", "asian", "black_african_american", "native_hawaiian_pacific_islander", "white"]))
    .optional(),
  isHispanicOrLatino: z.boolean().optional(),
  preferredSpokenLanguage: languageTag.optional(),
  preferredWrittenLanguage: languageTag.optional(),
});

export const memberContact = z.looseObject({
  name: name.optional(),
  primaryAddress: address.optional(),
  primaryPhone: phoneNumber.optional(),
  email: email.optional(),
  mailingAddress: address.optional(),
  alternatePhone: phoneNumber.optional(),
  isExperiencingHomelessness: z.boolean().optional(),
  noticePreference: enumOf(["paper", "email", "both"]).optional(),
  alternateNoticeAddress: address.optional(),
});

export const residency = z.looseObject({ isStateResident: z.boolean().optional(), stateResidencyDate: date.optional() });

export const citizenship = z.looseObject({
  citizenshipStatus: enumOf(["us_citizen", "us_national", "non_citizen"]).optional(),
  certificateNumber: z.string().max(100).optional(),
  immigrantStatus: enumOf([
    "lawful_permanent_resident",
    "refugee",
    "asylee",
    "deportation_withheld",
    "parolee",
    "conditional_entrant",
    "cuban_haitian_entrant",
    "amerasian",
    "battered_non_citizen",
    "trafficking_victim",
    "temporary_protected_status",
    "other",
  ]).optional(),
  uscisNumberOrI94: z.string().max(100).optional(),
  document: z
    .looseObject({
      type: enumOf(["i_551", "i_766", "i_94", "i_327", "i_571", "foreign_passport", "machine_readable_immigrant_visa", "other"]).optional(),
      number: z.string().max(100).optional(),
      expirationDate: date.optional(),
      countryOfIssuance: z
        .string()
        .regex(/^[A-Z]{2}$/, "must be a two-letter country code")
        .optional(),
    })
    .optional(),
  residedInUsSince1996: z.boolean().optional(),
  hasQualifyingMilitaryConnection: z.boolean().optional(),
  sponsored: z
    .looseObject({
      hasBeenAbandonedBySponsor: z.boolean().optional(),
      hasBeenMistreatedBySponsor: z.boolean().optional(),
      qualifiesForSponsorDeemingException: z.boolean().optional(),
      receivesInKindSupport: z.boolean().optional(),
    })
    .optional(),
});

export const retroactiveMedicalCoverage = z.looseObject({
  isRequested: z.boolean().optional(),
  periods: z
    .array(
      z.looseObject({
        month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month written YYYY-MM"),
        householdIncome: nonNegative.optional(),
      }),
    )
    .optional(),
});

const flags = (...names: string[]) => z.looseObject(Object.fromEntries(names.map((flag) => [flag, z.boolean().optional()])));

export const disability = flags(
  "isDisabled",
  "hasLongTermCondition",
  "hasPhysicalDisability",
  "hasMentalDisability",
  "needsHelpWithSelfCare",
);

export const studentStatus = z.looseObject({
  enrollmentStatus: enumOf(["full_time", "part_time", "not_enrolled"]).optional(),
  institutionType: enumOf(["higher_education", "vocational", "other"]).optional(),
  schoolName: z.string().max(200).optional(),
  isParticipatingInWorkStudy: z.boolean().optional(),
});

export const pregnancy = z.looseObject({
  isPregnant: z.boolean().optional(),
  dueDate: date.optional(),
  numberOfBabiesExpected: z.number().int("must be an integer").min(1, "must be at least 1").optional(),
});

export const fosterCare = z.looseObject({
  startDate: date.optional(),
  endDate: date.optional(),
  exitReason: enumOf(["adopted", "reunified", "aged_out", "emancipated"]).optional(),
  exitState: z.string().max(100).optional(),
  receivedMedicaidAtAge18: z.boolean().optional(),
  returnedAfterAdoption: z.boolean().optional(),
  returnDate: date.optional(),
});

export const military = z.looseObject({
  isVeteran: z.boolean().optional(),
  isActiveDuty: z.boolean().optional(),
  dischargeStatus: enumOf(["honorable", "general", "other_than_honorable", "bad_conduct", "dishonorable", "uncharacterized"]).optional(),
});

export const institutionalStatus = z.looseObject({
  livesInInstitution: z.boolean().optional(),
  facilityName: z.string().max(200).optional(),
  facilityType: enumOf(["nursing_home", "hospital", "incarceration", "other"]).optional(),
  dateEntered: date.optional(),
  pendingDispositionOfCharges: z.boolean().optional(),
  mealsProvided: z.boolean().optional(),
});

export const priorConvictions = flags(
  "isFleeingFelon",
  "convictedOfDrugRelatedFelony",
  "convictedDuplicateSnapBenefits",
  "convictedOfSnapTrafficking",
  "convictedTradingSnapForFirearmsOrExplosives",
  "convictedOfDisqualifyingViolentCrime",
  "disqualifiedForIPV",
  "isViolatingProbationOrParole",
);

export const tribalStatus = z.looseObject({
  isAmericanIndianOrAlaskaNative: z.boolean().optional(),
  tribeName: z.string().max(200).optional(),
  tribeState: z.string().max(100).optional(),
});

export const ebt = z.looseObject({ needsCard: z.boolean().optional(), deliveryPreference: enumOf(["by_mail", "in_person"]).optional() });

export const expeditedSnap = z.looseObject({
  totalMoneyExpectedThisMonth: nonNegative.optional(),
  totalCashOnHand: nonNegative.optional(),
  monthlyMortgage: nonNegative.optional(),
  monthlyRent: nonNegative.optional(),
  monthlyUtilities: nonNegative.optional(),
  receivedSnapInLast30Days: z.boolean().optional(),
  // The third ground of expedited service (7 CFR 273.2(i)(1)(iii)): a destitute migrant or seasonal farmworker household.
  isDestitute: z.boolean().optional(),
});

export const utilities = z.looseObject({
  heatCoolMethod: enumOf(["gas", "electric", "oil", "propane", "other"]).optional(),
  heatCoolMethodOther: z.string().max(200).optional(),
  receivesLiheap: z.boolean().optional(),
});
