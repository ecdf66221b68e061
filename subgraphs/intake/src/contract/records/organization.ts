import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { address, phoneNumber } from "../shapes";
import { nested, recordBase, requiredText, text } from "./fields";

/** An employer, agency or other organization the application names (resources.md §3.4). */
export const organization = defineResource({
  name: "Organization",
  plural: "organizations",
  model: "Organization",
  description: "An organization the application names: an employer, an authorized representative, a health plan's sponsor.",
  fields: {
    ...recordBase,
    name: requiredText(200),
    ein: {
      ...text(10, "Its employer identification number (NN-NNNNNNN)."),
      input: z.string().regex(/^\d{2}-\d{7}$/, "must be an EIN written NN-NNNNNNN"),
    },
    address: nested(address),
    phone: { ...text(20), input: phoneNumber },
  },
  list: { defaultSort: "createdAt" },
});
