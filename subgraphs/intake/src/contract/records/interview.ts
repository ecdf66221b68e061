import { defineResource } from "@pap/kernel/resource";
import { z } from "zod";
import { flag, recordBase, text } from "./fields";

/**
 * The application's interview (resources.md §3.5): created when its review task is claimed, linked to
 * the appointments scheduled for it; one per application.
 */
export const interview = defineResource({
  name: "Interview",
  plural: "interviews",
  model: "Interview",
  description: "The eligibility interview of an application, and the appointments scheduled for it.",
  fields: {
    ...recordBase,
    appointments: {
      kind: "uuid",
      list: true,
      description: "The ids of the appointments scheduled for the interview (kept as scheduling reports them).",
    },
    scheduledAppointments: {
      kind: "reference",
      target: "Appointment",
      list: true,
      description: "The appointments scheduled for the interview.",
    },
    waiverGranted: flag,
    waiverReason: text(2000),
    completedAt: {
      kind: "datetime",
      nullable: true,
      write: "always",
      input: z.iso.datetime({ offset: true, message: "must be a date-time (ISO 8601 with time zone)" }),
    },
  },
  list: { defaultSort: "createdAt" },
});
