import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const appointmentStatuses = ["scheduled", "completed", "canceled", "no_show"] as const;

/** An appointment, declared once: when, what and with whom are required; a new one is `scheduled` unless stated. */
export const appointment = defineResource({
  name: "Appointment",
  plural: "appointments",
  model: "Appointment",
  description: "An appointment between a staff member and a person.",
  fields: {
    id: { kind: "uuid" },
    startAt: { kind: "datetime", write: "always", required: true, sort: true },
    endAt: { kind: "datetime", write: "always", required: true, sort: true },
    appointmentType: {
      kind: "string",
      write: "always",
      required: true,
      input: z.string().min(1, "must not be empty").max(100),
      search: true,
      sort: true,
    },
    status: { kind: "enum", values: appointmentStatuses, enumName: "AppointmentStatus", write: "always", search: true, sort: true },
    personId: { kind: "uuid", write: "always", required: true },
    person: { kind: "reference", target: "Person", nullable: true, description: "The person (null if their record has been deleted)." },
    assignedToId: { kind: "uuid", nullable: true, write: "always" },
    notes: { kind: "string", nullable: true, write: "always", input: z.string().max(2000), search: true },
    subjectType: {
      kind: "string",
      nullable: true,
      write: "always",
      input: z.string().regex(/^[a-z][a-z_]{0,49}$/, "must be a lower-case name such as interview"),
      search: true,
      description: "What the appointment is for, when it is for something (`interview`: an application's interview, named by subjectId).",
    },
    subjectId: { kind: "uuid", nullable: true, write: "always", description: "The record the appointment is for (an interview's id)." },
    county: {
      kind: "string",
      nullable: true,
      description:
        "The county the appointment belongs to, a five-digit FIPS code: its subject's (an interview's application's), else its creator's when they are confined to counties; null: state level.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "startAt" },
});

export type AppointmentCreate = CreateBody<typeof appointment>;
export type AppointmentUpdate = UpdateBody<typeof appointment>;
