import { z } from "zod";

/**
 * The adapter contract's request bodies (SPEC §4.7, resources.md §11), checked before the engine reads
 * them. Objects are open (a caller may send the whole record it holds); what the rules read is typed.
 * Member records accept both of the contract's shapes: the older flat member and intake's nested one.
 */

const money = z.number().finite().nonnegative();
const isoDate = z.iso.date();
const programs = ["snap", "medicaid", "chip", "tanf", "aca", "ccdf"] as const;
const frequencies = [
  "hourly",
  "daily",
  "weekly",
  "every_two_weeks",
  "every_2_weeks",
  "twice_monthly",
  "twice_a_month",
  "monthly",
  "yearly",
  "variable",
] as const;
const incomeTypes = [
  "employed",
  "self_employed",
  "unearned",
  "lump_sum",
  "in_kind_support",
  "tribal",
  "education_grant",
  "other",
  "prior_period",
] as const;
const expenseKinds = [
  "rent",
  "mortgage",
  "housing",
  "utilities",
  "dependent_care",
  "childcare",
  "medical",
  "child_support",
  "child_support_paid",
  "alimony",
  "other",
] as const;
const assetTypes = ["liquid", "vehicle", "real_property", "retirement_account", "insurance", "life_insurance", "other"] as const;
const serviceTypes = [
  "fdsh_ssa",
  "fdsh_vlp",
  "fdsh_fti",
  "fdsh_medicare",
  "fdsh_vci",
  "ssa_ievs",
  "irs_ievs",
  "swica",
  "uib",
  "save",
  "enrollment_check",
  "incarceration_check",
] as const;

/** The opaque correlation object the platform sets; returned unchanged. */
const metadata = z.looseObject({});

const income = z
  .looseObject({
    id: z.string().optional(),
    type: z.enum(incomeTypes),
    amount: money,
    frequency: z.enum(frequencies),
    hoursPerWeek: z.number().positive().max(168).optional(),
    daysPerWeek: z.number().positive().max(7).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  })
  .refine((record) => record.frequency !== "hourly" || record.hoursPerWeek !== undefined, {
    message: "is required when frequency is hourly",
    path: ["hoursPerWeek"],
  });

const expense = z.looseObject({
  id: z.string().optional(),
  type: z.enum(expenseKinds).optional(),
  category: z.enum(expenseKinds).optional(),
  amount: money,
  frequency: z.enum(frequencies).optional(),
  legallyObligatedAmount: money.optional(),
});

const asset = z.looseObject({ id: z.string().optional(), type: z.enum(assetTypes), value: money, primaryUse: z.string().optional() });

export const member = z.looseObject({
  id: z.string().optional(),
  roles: z.array(z.string()).optional(),
  dateOfBirth: isoDate.optional(),
  isDisabled: z.boolean().optional(),
  personalInformation: z.looseObject({ dateOfBirth: isoDate.optional() }).optional(),
  disability: z.looseObject({ isDisabled: z.boolean().optional() }).optional(),
  isMigrantFarmWorker: z.boolean().optional(),
  purchasesAndPreparesFood: z.boolean().optional(),
  income: z.array(income).optional(),
  expenses: z.array(expense).optional(),
  assets: z.array(asset).optional(),
  employment: z.array(z.looseObject({})).optional(),
  healthCoverage: z.array(z.looseObject({})).optional(),
});

const household = z.looseObject({
  roomers: z
    .array(
      z.looseObject({
        type: z.enum(["member", "contact"]),
        id: z.uuid(),
        amountPaidForRent: money.optional(),
        mealsIncludedWithRent: z.boolean().optional(),
      }),
    )
    .optional(),
  utilitiesIncludedInRent: z.boolean().optional(),
  isSubsidizedHousing: z.boolean().optional(),
  receivedTanfInAnotherState: z.boolean().optional(),
  isMigrantOrSeasonalFarmWorker: z.boolean().optional(),
  isDestitute: z.boolean().optional(),
  housingCosts: money.optional(),
  utilityCosts: money.optional(),
});

const application = z.looseObject({
  expeditedSnap: z
    .looseObject({
      totalMoneyExpectedThisMonth: money.optional(),
      totalCashOnHand: money.optional(),
      monthlyMortgage: money.optional(),
      monthlyRent: money.optional(),
      monthlyUtilities: money.optional(),
      receivedSnapInLast30Days: z.boolean().optional(),
    })
    .optional(),
  utilities: z
    .looseObject({
      heatCoolMethod: z.enum(["gas", "electric", "oil", "propane", "other"]).optional(),
      heatCoolMethodOther: z.string().optional(),
      receivesLiheap: z.boolean().optional(),
    })
    .optional(),
});

const verificationSummary = z.array(
  z.looseObject({
    category: z.string().optional(),
    status: z.enum(["pending", "inconclusive", "satisfied", "waived", "cannot_verify"]),
    memberId: z.string().optional(),
  }),
);

const base = { metadata, evaluationDate: isoDate.optional() };

export const expeditedScreeningBody = z.looseObject({
  ...base,
  household,
  application: application.optional(),
  members: z.array(member).optional(),
});

export const exParteBody = z.looseObject({
  ...base,
  program: z.enum(programs),
  member,
  householdSize: z.number().int().min(1).optional(),
  electronicChecks: z.array(
    z.looseObject({
      serviceType: z.enum(serviceTypes),
      result: z.enum(["conclusive", "inconclusive", "partial", "error"]),
      receivedAt: z.iso.datetime({ offset: true }).optional(),
      serviceResult: z.looseObject({}).optional(),
    }),
  ),
});

/** Variant 2 (SNAP, a household program): members and the household. */
export const householdDeterminationBody = z.looseObject({
  ...base,
  program: z.literal("snap"),
  members: z.array(member).min(1),
  household,
  application: application.optional(),
  verificationSummary,
});

/** Variant 1 (per-applicant programs): one member. */
export const memberDeterminationBody = z.looseObject({
  ...base,
  program: z.enum(programs),
  member,
  householdSize: z.number().int().min(1).optional(),
  verificationSummary,
});

/** Which variant a determination body is, read from its program before the rest is checked. */
export const determinationProgram = z.looseObject({ program: z.enum(programs) });
