import { defineResource } from "@pap/kernel/resource";
import { memberId, recordBase, requiredDay, requiredMoney, requiredText, text } from "./fields";

/** An asset a member gave away or sold (resources.md §3.4): transfers for less than value can bar eligibility. */
export const assetDisposal = defineResource({
  name: "AssetDisposal",
  plural: "assetDisposals",
  model: "AssetDisposal",
  description: "An asset a member of the application sold, gave away or otherwise disposed of.",
  fields: {
    ...recordBase,
    memberId,
    type: requiredText(100),
    dateOfDisposal: requiredDay,
    amountReceived: requiredMoney,
    fairMarketValue: requiredMoney,
    typeOther: text(200),
  },
  list: { defaultSort: "createdAt" },
});
