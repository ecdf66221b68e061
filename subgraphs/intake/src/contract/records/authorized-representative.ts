import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { enumCheck, flag, nested, personRef, recordBase, reference } from "./fields";
import { applicationPrograms, program } from "../application";

/** Someone who acts for the household (resources.md §3.4): a member, a contact or an organization. */
export const authorizedRepresentative = defineResource({
  name: "AuthorizedRepresentative",
  plural: "authorizedRepresentatives",
  model: "AuthorizedRepresentative",
  description: "A representative authorized to act for the household on the application.",
  fields: {
    ...recordBase,
    type: {
      kind: "enum",
      values: ["member", "contact", "organization"],
      enumName: "RepresentativeType",
      write: "always",
      required: true,
      input: enumCheck(["member", "contact", "organization"]),
    },
    representativeId: {
      kind: "uuid",
      write: "always",
      required: true,
      description:
        "Who represents: the member, contact or organization (of the same application) `type` names. Written `id` in the contract's body.",
    },
    inCareOf: nested(personRef),
    receivesNotices: flag,
    appointedByMemberId: reference("The member who appointed them."),
    programs: {
      ...program,
      list: true,
      write: "always",
      input: z.array(enumCheck(applicationPrograms)),
      description: "The programs they act for; empty: every program applied for.",
    },
  },
  list: { defaultSort: "createdAt" },
});
