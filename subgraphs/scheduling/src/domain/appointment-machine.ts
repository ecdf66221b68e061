import { defineMachine, type Clause } from "@pap/kernel/state-machine";
import type { Appointment } from "@pap/db";
import { z } from "zod";
import type { AppointmentStatus } from "../contract/appointment";
import { checkTimeSpan } from "./appointment";

/** What the actions borrow from the domain, gathered under the appointment's lock before planning. */
export type AppointmentEnv = {
  /** The application an interview's appointment is for (null when it is for no interview, or the interview is gone). */
  applicationId: string | null;
  /** The id the replacement a reschedule creates will have: the old appointment names it in the same change. */
  replacementId: string;
};

type Guards = never;

/** Staff who book appointments hold them too, and the system (a calendar integration, an import) may record what happened. */
const staff: Clause<Guards> = { actors: ["case_worker", "system"] };

const datetime = z.iso.datetime({ offset: true, message: "must be a date-time (ISO 8601 with time zone)" });

/** A reschedule's new slot, and what else the replacement changes (the worker, the notes); the rest is copied from the old one. */
export const rescheduleBody = z
  .strictObject({
    startAt: datetime.describe("When the new appointment starts."),
    endAt: datetime.describe("When it ends (after it starts)."),
    assignedToId: z
      .uuid({ message: "must be a uuid" })
      .nullable()
      .optional()
      .describe("Who holds it; the old appointment's worker when left out."),
    notes: z.string().max(2000).nullable().optional().describe("Its notes; the old appointment's when left out."),
    reason: z.string().trim().max(2000).optional().describe("Why it moves (in the event)."),
  })
  .superRefine((body, context) => {
    try {
      checkTimeSpan(new Date(body.startAt), new Date(body.endAt));
    } catch {
      context.addIssue({ code: "custom", path: ["endAt"], message: "must be after startAt" });
    }
  });
export type RescheduleBody = z.infer<typeof rescheduleBody>;

const withReason = z.strictObject({ reason: z.string().trim().max(2000).optional().describe("Why (in the event).") });

/** The states an appointment leaves for good: nothing more is done with it, its reminders are off. */
export const finalAppointmentStatuses = ["completed", "canceled", "no_show"] as const satisfies readonly AppointmentStatus[];

/**
 * What every lifecycle event of an appointment says: who, when, what for, and for an interview the
 * application it belongs to, so that a reaction (a notice, the review task) needs no lookup of its own.
 */
export const appointmentFacts = (
  appointment: Pick<
    Appointment,
    "id" | "personId" | "appointmentType" | "startAt" | "endAt" | "assignedToId" | "subjectType" | "subjectId"
  >,
  applicationId: string | null,
) => ({
  appointmentId: appointment.id,
  personId: appointment.personId,
  appointmentType: appointment.appointmentType,
  startAt: appointment.startAt.toISOString(),
  endAt: appointment.endAt.toISOString(),
  assignedToId: appointment.assignedToId,
  subjectType: appointment.subjectType,
  subjectId: appointment.subjectId,
  ...(applicationId && { applicationId }),
});

/**
 * The appointment's lifecycle (issue 32). The specification keeps `scheduled`, `completed`,
 * `canceled`, `no_show` without a machine (state-machines §8); here they are the states, and moving
 * between them is an action with its event. `completed` is the appointment held. A reschedule books
 * a new appointment, linked both ways, and ends the old one `canceled`; a missed appointment may be
 * rescheduled too (the missed one then ends `canceled`, its `no_show` event staying in the log).
 */
export const appointmentMachine = defineMachine<Appointment, AppointmentStatus, string, Guards, AppointmentEnv>({
  resource: "appointment",
  initial: "scheduled",
  states: {
    scheduled: { description: "Booked; reminders go out before it." },
    completed: { description: "Held." },
    canceled: { description: "Called off, or moved to the appointment `rescheduledToId` names." },
    no_show: { description: "The person did not come." },
  },
  guards: {},
  actions: {
    hold: {
      description: "Records that the appointment was held (for an interview, the interview is then complete).",
      from: ["scheduled"],
      to: "completed",
      who: [staff],
      emits: (appointment, { env }) => ({ name: "appointment.held", data: appointmentFacts(appointment, env.applicationId) }),
    },
    "no-show": {
      description:
        "Records that the person did not come (for a SNAP interview: the notice of missed interview goes out and the review task waits on the client).",
      from: ["scheduled"],
      to: "no_show",
      who: [staff],
      emits: (appointment, { env }) => ({ name: "appointment.no_show", data: appointmentFacts(appointment, env.applicationId) }),
    },
    cancel: {
      description: "Calls the appointment off, with the reason when one is given.",
      from: ["scheduled"],
      to: "canceled",
      who: [staff],
      body: withReason,
      emits: (appointment, { env, body }) => ({
        name: "appointment.canceled",
        data: { ...appointmentFacts(appointment, env.applicationId), reason: body.reason ?? null },
      }),
    },
    reschedule: {
      description:
        "Moves the appointment to a new time: a new appointment is booked for the same person and subject (`rescheduledFromId`), and this one ends canceled, naming it (`rescheduledToId`).",
      from: ["scheduled", "no_show"],
      to: "canceled",
      who: [staff],
      body: rescheduleBody,
      effects: (_appointment, { env }) => ({ rescheduledToId: env.replacementId }),
      emits: (appointment, { env, body }) => ({
        name: "appointment.rescheduled",
        data: {
          ...appointmentFacts(appointment, env.applicationId),
          rescheduledToId: env.replacementId,
          newStartAt: new Date(body.startAt).toISOString(),
          newEndAt: new Date(body.endAt).toISOString(),
          reason: body.reason ?? null,
        },
      }),
    },
  },
});
