import { randomUUID } from "node:crypto";
import { isUuid, notFound, readSetting } from "@pap/core";
import { planTransition, type MachineCaller } from "@pap/kernel/state-machine";
import { findLocked, type Appointment, type Prisma, type SqlTransaction } from "@pap/db";
import { cancelTimers, deleteRecorded, scheduleTimer, type DomainContext, type Transaction } from "@pap/events";
import { appointment, type AppointmentCreate, type AppointmentUpdate } from "../contract/appointment";
import { checkTimeSpan } from "../domain/appointment";
import { appointmentFacts, appointmentMachine, rescheduleBody } from "../domain/appointment-machine";
import { appointmentChanges, appointmentEvents, appointmentSaved } from "../domain/events";
import { allReminderTimerIds, reminderTimerId, remindersOf } from "../domain/reminders";

/** The scheduling domain's writes, each with its events and timers; the GraphQL resolvers only call these. */

type WriteContext = Pick<DomainContext, "transaction" | "events" | "clock">;

/**
 * The application an interview's appointment belongs to, read from intake's interview so that the
 * events of the appointment name it (a notice, the review task, need no lookup of their own).
 */
async function applicationOf(tx: Transaction, booked: Pick<Appointment, "subjectType" | "subjectId">): Promise<string | null> {
  if (booked.subjectType !== "interview" || !booked.subjectId) return null;
  const interview = await tx.interview.findUnique({ where: { id: booked.subjectId }, select: { applicationId: true } });
  return interview?.applicationId ?? null;
}

/**
 * Brings the appointment's reminder timers in step with it, in the change's transaction: one per
 * configured offset while it is scheduled (moved with it, same ids), none once it has ended.
 */
async function syncReminders(
  tx: Transaction,
  events: WriteContext["events"],
  booked: Appointment,
  applicationId: string | null,
  now: Date,
): Promise<void> {
  const scope = { tx: tx as SqlTransaction, events };
  const { due, cleared } = remindersOf(booked, readSetting("APPOINTMENT_REMINDER_OFFSETS"), now);
  for (const reminder of due) {
    await scheduleTimer(scope, {
      id: reminderTimerId(booked.id, reminder.slot),
      fireAt: reminder.fireAt,
      callback: appointmentEvents.draft("appointment.reminder_due", booked.id, {
        ...appointmentFacts(booked, applicationId),
        remindBefore: reminder.remindBefore,
      }),
    });
  }
  await cancelTimers(
    scope,
    cleared.map((slot) => reminderTimerId(booked.id, slot)),
  );
}

/** A new appointment; `county` is where it belongs (county scoping: its subject's, or its creator's). */
export async function createAppointment(
  context: WriteContext,
  body: AppointmentCreate,
  county: string | null = null,
): Promise<Appointment> {
  checkTimeSpan(new Date(body.startAt), new Date(body.endAt));
  return context.transaction(async (tx) => {
    const created = await tx.appointment.create({
      data: { ...(appointment.columnsOf(body) as Prisma.AppointmentUncheckedCreateInput), county },
    });
    const applicationId = await applicationOf(tx, created);
    await context.events.record(tx as SqlTransaction, ...appointmentSaved(null, created, applicationId));
    await syncReminders(tx, context.events, created, applicationId, context.clock.now());
    return created;
  });
}

async function lockedAppointment(tx: Transaction, id: string): Promise<Appointment> {
  const found = isUuid(id) ? await findLocked(tx, "appointment", id, () => tx.appointment.findUnique({ where: { id } })) : null;
  if (!found) throw notFound("Appointment", id);
  return found;
}

/**
 * Changes what the body names (never the status: the actions move it); the time span is checked as
 * it will be, the unchanged end or start included. Reminders move with the appointment.
 */
export async function updateAppointment(context: WriteContext, id: string, body: AppointmentUpdate): Promise<Appointment> {
  if (!isUuid(id)) throw notFound("Appointment", id);
  return context.transaction(async (tx) => {
    const before = await lockedAppointment(tx, id);
    const startAt = body.startAt ? new Date(body.startAt) : before.startAt;
    const endAt = body.endAt ? new Date(body.endAt) : before.endAt;
    checkTimeSpan(startAt, endAt);
    const after = await tx.appointment.update({ where: { id }, data: appointment.columnsOf(body) });
    const applicationId = await applicationOf(tx, after);
    await context.events.record(tx as SqlTransaction, ...appointmentSaved(before, after, applicationId));
    await syncReminders(tx, context.events, after, applicationId, context.clock.now());
    return after;
  });
}

export const deleteAppointment = (context: WriteContext, id: string): Promise<string> =>
  deleteRecorded(context, {
    resource: "Appointment",
    id,
    remove: async (tx) => {
      await cancelTimers({ tx: tx as SqlTransaction, events: context.events }, allReminderTimerIds(id));
      return tx.appointment.deleteMany({ where: { id } });
    },
    event: appointmentChanges.deleted,
  });

/**
 * Runs one action of the appointment machine under the appointment's row lock, in the platform's
 * order of checks (404 → 409 state → 403 role → 422 body). A reschedule books the replacement in the
 * same transaction: the old appointment's `rescheduled` event, then the new one's `created` and
 * `scheduled`; the reminders leave the old appointment for the new one.
 */
export async function transitionAppointment(
  context: WriteContext,
  input: { id: string; action: string; caller: MachineCaller; body: unknown },
): Promise<Appointment> {
  if (!isUuid(input.id)) throw notFound("Appointment", input.id);
  return context.transaction(async (tx) => {
    const before = await lockedAppointment(tx, input.id);
    const now = context.clock.now();
    const applicationId = await applicationOf(tx, before);
    const env = { applicationId, replacementId: randomUUID() };
    const plan = await planTransition(appointmentMachine, input.action, before, input.caller, input.body, env, now);
    const replacement = plan.action === "reschedule" ? await bookReplacement(tx, before, env.replacementId, input.body) : null;
    const { id: _id, ...changes } = plan.changes as Partial<Appointment>;
    const after = await tx.appointment.update({ where: { id: before.id }, data: { ...changes, updatedAt: now } });
    await context.events.record(tx as SqlTransaction, ...appointmentEvents.emitted(plan.emissions, before.id));
    await syncReminders(tx, context.events, after, applicationId, now);
    if (replacement) {
      await context.events.record(tx as SqlTransaction, ...appointmentSaved(null, replacement, applicationId));
      await syncReminders(tx, context.events, replacement, applicationId, now);
    }
    return after;
  });
}

/** The appointment a reschedule books: the same person, type and subject at the new time, naming the one it replaces. */
function bookReplacement(tx: Transaction, old: Appointment, id: string, body: unknown): Promise<Appointment> {
  // The machine has validated the body already; parsing again gives it its type.
  const slot = rescheduleBody.parse(body);
  return tx.appointment.create({
    data: {
      id,
      startAt: new Date(slot.startAt),
      endAt: new Date(slot.endAt),
      appointmentType: old.appointmentType,
      status: "scheduled",
      personId: old.personId,
      assignedToId: slot.assignedToId === undefined ? old.assignedToId : slot.assignedToId,
      notes: slot.notes === undefined ? old.notes : slot.notes,
      subjectType: old.subjectType,
      subjectId: old.subjectId,
      county: old.county,
      rescheduledFromId: old.id,
    },
  });
}
