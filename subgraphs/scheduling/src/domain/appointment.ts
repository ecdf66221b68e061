import { z } from "zod";
import { defineListSpec, validationFailed } from "@pap/kernel";

export const appointmentStatuses = ["scheduled", "completed", "canceled", "no_show"] as const;

const instant = z.iso.datetime({ offset: true, message: "must be a date-time (ISO 8601 with time zone)" });

const appointmentFields = {
  startAt: instant,
  endAt: instant,
  appointmentType: z.string().min(1, "must not be empty").max(100),
  status: z.enum(appointmentStatuses),
  personId: z.uuid({ message: "must be a uuid" }),
  assignedToId: z.uuid({ message: "must be a uuid" }).nullable(),
  notes: z.string().max(2000).nullable(),
};

/** POST body: when, what and with whom are required; a new appointment is `scheduled` unless stated. */
export const appointmentCreateBody = z.strictObject({
  ...appointmentFields,
  status: appointmentFields.status.optional(),
  assignedToId: appointmentFields.assignedToId.optional(),
  notes: appointmentFields.notes.optional(),
});

export const appointmentUpdateBody = z.strictObject(appointmentFields).partial();

export type AppointmentCreate = z.infer<typeof appointmentCreateBody>;
export type AppointmentUpdate = z.infer<typeof appointmentUpdateBody>;

/** An appointment ends after it starts; checked on the record as it will be stored. */
export function checkTimeSpan(startAt: Date, endAt: Date): void {
  if (endAt.getTime() <= startAt.getTime()) throw validationFailed([{ field: "endAt", message: "must be after startAt" }]);
}

export const appointmentListSpec = defineListSpec({
  resource: "appointments",
  fields: {
    id: { kind: "uuid" },
    startAt: { kind: "datetime" },
    endAt: { kind: "datetime" },
    appointmentType: { kind: "string" },
    status: { kind: "enum", values: appointmentStatuses },
    personId: { kind: "uuid" },
    assignedToId: { kind: "uuid", nullable: true },
    notes: { kind: "string", nullable: true },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
  },
  fullText: ["appointmentType", "notes", "status"],
  sortable: ["startAt", "endAt", "createdAt", "updatedAt", "status", "appointmentType"],
  defaultSort: "startAt",
});
