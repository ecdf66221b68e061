import { defineResource } from "@pap/kernel/resource";

export const determinationStatuses = ["pending", "in_progress", "completed", "withdrawn"] as const;
export type DeterminationStatus = (typeof determinationStatuses)[number];

/**
 * The eligibility determination of one submitted application (SPEC §2.10). It is created `pending`
 * when the application is submitted, moves to `in_progress` when its first decision resolves, and
 * ends `completed` or `withdrawn` by its actions (domain/determination-machine.ts). Nothing outside
 * the platform writes it: every field is server-set.
 */
export const determination = defineResource({
  name: "Determination",
  plural: "determinations",
  model: "Determination",
  description:
    "The eligibility determination of one submitted application: the decisions for each member and program, and how far they have got.",
  fields: {
    id: { kind: "uuid", search: true },
    applicationId: { kind: "uuid", search: true, description: "The application determined (one determination per application)." },
    status: { kind: "enum", values: determinationStatuses, enumName: "DeterminationStatus", search: true, sort: true },
    county: {
      kind: "string",
      nullable: true,
      description:
        "Its application's county when it was filed, a five-digit FIPS code (null: state level); its decisions belong there too.",
    },
    expeditedFlagged: {
      kind: "boolean",
      description: "Qualifies for expedited processing (the screening at submission, or the flag-expedited action).",
    },
    expeditedScreening: {
      kind: "json",
      nullable: true,
      description:
        "The SNAP expedited screening by the eligibility adapter: status (screened or failed), expedited, screenedAt and explanation, or reason, attempts and nextAttemptAt while it cannot be had. Null when SNAP is not applied for.",
    },
    completedAt: { kind: "datetime", nullable: true, sort: true },
    withdrawnAt: { kind: "datetime", nullable: true },
    decisions: {
      kind: "reference",
      target: "Decision",
      list: true,
      description: "The decisions, one per member and program, in the order they were made.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "-updatedAt" },
});
