import { DAY_MS, HOUR_MS, MINUTE_MS } from "@pap/core";

/**
 * How many reminders one appointment may have (APPOINTMENT_REMINDER_OFFSETS allows no more). Each has
 * a timer slot of its own, and every slot is cleared when the appointment ends, so a deployment that
 * changes its offsets leaves no reminder of the old ones behind.
 */
export const REMINDER_SLOTS = 5;

export const reminderTimerId = (appointmentId: string, slot: number) => `scheduling.appointment-reminder.${slot}.${appointmentId}`;
export const allReminderTimerIds = (appointmentId: string) =>
  Array.from({ length: REMINDER_SLOTS }, (_, slot) => reminderTimerId(appointmentId, slot));

/** A duration as ISO 8601 says it, in the days, hours and minutes the setting is written in (`P1DT12H`). */
export function isoDuration(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const time = `${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}`;
  if (!days && !time) return "PT0M";
  return `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}`;
}

export type Reminder = { slot: number; fireAt: Date; remindBefore: string };

/**
 * The reminders a scheduled appointment is owed now: one per offset before its start, in slot order,
 * those whose moment has already passed left out (a "two days before" reminder sent an hour before
 * would say something untrue; a shorter offset still reminds). An appointment no longer scheduled is
 * owed none.
 */
export function remindersOf(
  appointment: { status: string; startAt: Date },
  offsetsMs: readonly number[],
  now: Date,
): { due: Reminder[]; cleared: number[] } {
  const wanted =
    appointment.status === "scheduled"
      ? offsetsMs.slice(0, REMINDER_SLOTS).map((offset, slot) => ({
          slot,
          fireAt: new Date(appointment.startAt.getTime() - offset),
          remindBefore: isoDuration(offset),
        }))
      : [];
  const due = wanted.filter((reminder) => reminder.fireAt.getTime() > now.getTime());
  const kept = new Set(due.map((reminder) => reminder.slot));
  return { due, cleared: Array.from({ length: REMINDER_SLOTS }, (_, slot) => slot).filter((slot) => !kept.has(slot)) };
}
