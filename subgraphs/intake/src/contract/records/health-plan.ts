import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { enumCheck, flag, money, nested, recordBase, reference, requiredChoice, choice, text } from "./fields";
import { name } from "../shapes";

const premiumFrequencies = ["weekly", "every_two_weeks", "twice_monthly", "monthly", "yearly"] as const;
const paidBy = enumCheck(["self", "state", "employer", "other"]);
const date = z.iso.date({ message: "must be a date (YYYY-MM-DD)" });
const premium = z.number().min(0, "must not be negative");
const medicarePart = z.looseObject({
  status: enumCheck(["entitled", "enrolled"]).optional(),
  startDate: date.optional(),
  isPremiumFree: z.boolean().optional(),
  premiumAmount: premium.optional(),
  premiumPaidBy: paidBy.optional(),
});
const partC = z.looseObject({
  status: enumCheck(["entitled", "enrolled"]).optional(),
  startDate: date.optional(),
  contractId: z.string().max(64).optional(),
  planId: z.string().max(64).optional(),
  planName: z.string().max(200).optional(),
  premiumAmount: premium.optional(),
  premiumPaidBy: paidBy.optional(),
});
const partD = z.looseObject({
  status: enumCheck(["entitled", "enrolled"]).optional(),
  startDate: date.optional(),
  planName: z.string().max(200).optional(),
  premiumAmount: premium.optional(),
  premiumPaidBy: paidBy.optional(),
});

/** Health coverage available to the household (resources.md §3.4): employer plans, Medicare's parts, TRICARE, public programs. */
export const healthPlan = defineResource({
  name: "HealthPlan",
  plural: "healthPlans",
  model: "HealthPlan",
  description: "A health plan someone on the application has or is offered.",
  fields: {
    ...recordBase,
    type: requiredChoice(
      [
        "employer_sponsored",
        "cobra",
        "medicare",
        "tricare",
        "va",
        "marketplace",
        "peace_corps",
        "chip",
        "medicaid",
        "tribal_health_services",
        "other_federal",
        "other",
      ],
      "HealthPlanType",
    ),
    typeOther: text(200),
    premiumAmount: money,
    premiumFrequency: choice(premiumFrequencies, "PremiumFrequency"),
    organizationId: reference("Employer-sponsored or COBRA: the employer, an organization of the same application."),
    coverageContact: nested(name, "Employer-sponsored or COBRA: whom to ask about the coverage."),
    hasMinimumValuePlan: flag,
    lowestCostPlanName: text(200),
    lowestCostPlanPremium: money,
    medicareId: text(32),
    partA: nested(medicarePart),
    partB: nested(medicarePart),
    partC: nested(partC),
    partD: nested(partD),
    programType: text(100, "TRICARE: the program."),
    insuranceCompanyName: text(200),
    policyNumber: text(64),
  },
  list: { defaultSort: "createdAt" },
});
