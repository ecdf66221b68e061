import { defineResource } from "@pap/kernel/resource";
import type { z } from "zod";
import { address } from "../shapes";
import { choice, flag, money, memberId, nested, recordBase, requiredChoice, requiredMoney, text, wholeNumber } from "./fields";

/** Something a member owns (resources.md §3.4); what else it says depends on its type. */
export const asset = defineResource({
  name: "Asset",
  plural: "assets",
  model: "Asset",
  description: "An asset a member of the application owns.",
  fields: {
    ...recordBase,
    memberId,
    type: requiredChoice(["liquid", "vehicle", "real_property", "retirement_account", "insurance", "other"], "AssetType"),
    value: requiredMoney,
    typeOther: text(200),
    financialInstitutionName: text(200, "Liquid or retirement: the bank or institution."),
    accountNumber: text(64),
    year: wholeNumber(1886),
    make: text(100),
    model: text(100),
    policyType: choice(["term", "permanent", "burial", "other"], "InsurancePolicyType"),
    companyName: text(200),
    policyNumber: text(64),
    faceValue: money,
    isRevocable: flag,
    address: nested(address as z.ZodType, "Real property: where it is."),
    primaryUse: choice(["primary_residence", "rental", "self_employment", "for_sale", "other"], "PropertyUse"),
    primaryUseOther: text(200),
  },
  list: { defaultSort: "createdAt" },
});
