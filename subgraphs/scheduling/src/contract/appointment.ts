import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const appointmentStatuses = ["scheduled", "completed", "canceled", "no_show"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

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
    status: {
      kind: "enum",
      values: appointmentStatuses,
      enumName: "AppointmentStatus",
      write: "create",
      search: true,
      sort: true,
      description:
        "Where the appointment stands: given on create (scheduled unless stated), then moved only by its actions (hold, no-show, cancel, reschedule); an update that sends it back is not refused, and it is left as it is.",
    },
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
    rescheduledFromId: {
      kind: "uuid",
      nullable: true,
      description: "The appointment this one replaces, when it was booked by rescheduling that one.",
    },
    rescheduledToId: {
      kind: "uuid",
      nullable: true,
      description: "The appointment that replaced this one when it was rescheduled (this one is then canceled).",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "startAt" },
});

export type AppointmentCreate = CreateBody<typeof appointment>;
export type AppointmentUpdate = UpdateBody<typeof appointment>;
