import { defineResource } from "@pap/kernel/resource";
import { address, email, name, phoneNumber } from "../shapes";
import { nested, recordBase, requiredNested, text } from "./fields";

/** Someone outside the household the application names (resources.md §3.4): a parent outside the home, a sponsor, a helper. */
export const contact = defineResource({
  name: "ApplicationContact",
  plural: "applicationContacts",
  model: "ApplicationContact",
  description: "A person the application names who is not a member of the household.",
  fields: {
    ...recordBase,
    name: requiredNested(name, "Their name (first and last required)."),
    primaryAddress: nested(address),
    primaryPhone: { ...text(20), input: phoneNumber },
    email: { ...text(320), input: email },
  },
  list: { defaultSort: "createdAt" },
});
