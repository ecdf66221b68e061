import { DAY_MS, type BusinessCalendar } from "@pap/core";
import type { SlaType, TaskCondition } from "../config/sla-types";
import type { TaskStatus } from "../contract/task-status";
import { slaClockOf, type SlaClock } from "./task-machine";

/** How a task's state treats its SLA clocks (declared per state in the task machine). */
export type { SlaClock } from "./task-machine";

export const slaStatuses = ["active", "warning", "paused", "breached", "completed"] as const;
export type SlaStatus = (typeof slaStatuses)[number];

/**
 * One SLA clock on a task, as stored. `deadline` already includes every completed pause; `pausedAt`
 * is set while a pause is under way and `pausedMs` sums the pauses so far.
 */
export type SlaEntry = {
  slaTypeCode: string;
  status: SlaStatus;
  clockStartedAt: string;
  deadline: string;
  pausedAt: string | null;
  pausedMs: number;
};

/** An entry as the API shows it (SPEC §2.6 slaInfo). */
export type PublicSlaEntry = Pick<SlaEntry, "slaTypeCode" | "status" | "clockStartedAt" | "deadline">;

const ms = (iso: string) => new Date(iso).getTime();
const iso = (time: number) => new Date(time).toISOString();
const isFinal = (status: SlaStatus) => status === "completed" || status === "breached";

export function slaTypeOf(types: readonly SlaType[], code: string): SlaType {
  const type = types.find((candidate) => candidate.code === code);
  if (!type) throw new Error(`unknown SLA type '${code}'`);
  return type;
}

const matches = (condition: TaskCondition, task: Record<string, unknown>) =>
  Object.entries(condition).every(([field, value]) => task[field] === value);

/**
 * The SLA types a new task gets: those the client named, then those the configuration's rules assign
 * to a task like it, each once (SPEC §2.6: client-supplied and rule-assigned types both apply).
 */
export function slaTypesForNewTask(requested: readonly string[], task: Record<string, unknown>, types: readonly SlaType[]): string[] {
  const assigned = types.filter((type) => type.autoAssignWhen && matches(type.autoAssignWhen, task)).map((type) => type.code);
  return [...new Set([...requested, ...assigned])];
}

/**
 * When a clock started now with this duration ends: a whole number of days is that many local days on
 * the platform's calendar (a 30-day clock started at 09:00 ends at 09:00 local across a daylight-saving
 * change); other durations, and any without a calendar, are elapsed time.
 */
function deadlineFrom(now: Date, durationMs: number, calendar?: BusinessCalendar): number {
  if (calendar && durationMs % DAY_MS === 0) return calendar.addDuration(now, `P${durationMs / DAY_MS}D`).getTime();
  return now.getTime() + durationMs;
}

/** Clocks started now, running until their type's duration has passed. */
export function startClocks(codes: readonly string[], types: readonly SlaType[], now: Date, calendar?: BusinessCalendar): SlaEntry[] {
  return codes.map((code) => ({
    slaTypeCode: code,
    status: "active",
    clockStartedAt: now.toISOString(),
    deadline: iso(deadlineFrom(now, slaTypeOf(types, code).durationMs, calendar)),
    pausedAt: null,
    pausedMs: 0,
  }));
}

/** When a running clock reaches its warning threshold: the same share of its running time before the deadline whatever the pauses. */
export function warningTime(entry: SlaEntry, type: SlaType): number {
  return ms(entry.deadline) - ((100 - type.warningThresholdPercent) / 100) * type.durationMs;
}

/**
 * One clock brought up to `now` for a task in a state with the given clock behaviour (the task machine says which): a stopped state
 * ends it (completed in time, or breached if the deadline has passed), a pausing state pauses it, and
 * a running state resumes it (the deadline pushed out by the time it stood still) and rates it:
 * breached past the deadline, warning past the threshold, active before. Completed and breached are final.
 */
export function evaluateClock(entry: SlaEntry, type: SlaType, clock: SlaClock, now: Date): SlaEntry {
  if (isFinal(entry.status)) return entry;
  const at = now.getTime();
  const pausing = clock === "paused";
  if (pausing) return entry.pausedAt ? entry : { ...entry, status: "paused", pausedAt: now.toISOString() };

  let current = entry;
  if (entry.pausedAt) {
    const paused = Math.max(0, at - ms(entry.pausedAt));
    current = { ...entry, pausedAt: null, pausedMs: entry.pausedMs + paused, deadline: iso(ms(entry.deadline) + paused) };
  }
  const overdue = at >= ms(current.deadline);
  if (clock === "stopped") return { ...current, status: overdue ? "breached" : "completed" };
  const status: SlaStatus = overdue ? "breached" : at >= warningTime(current, type) ? "warning" : "active";
  return status === current.status ? current : { ...current, status };
}

/** How a type's clock behaves in a task state: the machine's stopping states stop it, its `pauseWhen` states pause it. */
export function clockIn(type: SlaType, status: TaskStatus): SlaClock {
  if (slaClockOf(status) === "stopped") return "stopped";
  return type.pauseWhen.includes(status) ? "paused" : "running";
}

/** A task's clocks brought up to `now` for the state it is in, each as its type says it behaves there. */
export function evaluateClocks(entries: readonly SlaEntry[], types: readonly SlaType[], status: TaskStatus, now: Date): SlaEntry[] {
  return entries.map((entry) => {
    const type = slaTypeOf(types, entry.slaTypeCode);
    return evaluateClock(entry, type, clockIn(type, status), now);
  });
}

const running = (entry: SlaEntry) => entry.status === "active" || entry.status === "warning";

/** The earliest deadline among running clocks; null when none runs (SPEC §2.6 slaDeadline). */
export function slaDeadline(entries: readonly SlaEntry[]): Date | null {
  const deadlines = entries.filter(running).map((entry) => ms(entry.deadline));
  return deadlines.length ? new Date(Math.min(...deadlines)) : null;
}

/** When the next warning and the next breach fall due, for the durable timers that make them happen on time. */
export function nextSlaMoments(entries: readonly SlaEntry[], types: readonly SlaType[]): { warningAt: Date | null; breachAt: Date | null } {
  const warnings = entries
    .filter((entry) => entry.status === "active")
    .map((entry) => warningTime(entry, slaTypeOf(types, entry.slaTypeCode)));
  return { warningAt: warnings.length ? new Date(Math.min(...warnings)) : null, breachAt: slaDeadline(entries) };
}

export const publicSlaInfo = (entries: readonly SlaEntry[]): PublicSlaEntry[] =>
  entries.map(({ slaTypeCode, status, clockStartedAt, deadline }) => ({ slaTypeCode, status, clockStartedAt, deadline }));

/** The task columns derived from its clocks, written with them every time. */
export const slaColumns = (entries: readonly SlaEntry[]) => ({
  slaInfo: entries,
  slaDeadline: slaDeadline(entries),
  slaStatuses: [...new Set(entries.map((entry) => entry.status))],
});

/** Stored JSON back to entries (the column is written only through slaColumns). */
export const slaEntriesOf = (stored: unknown): SlaEntry[] => (Array.isArray(stored) ? (stored as SlaEntry[]) : []);
