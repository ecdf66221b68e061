import { continuedTraceparent, systemClock, type BusinessCalendar, type Clock, type Logger } from "@pap/core";
import { Prisma, type PrismaClient } from "@pap/db";
import { appendToLog, envelopeFor, type EventRecorder, type SqlTransaction } from "./append";
import type { EventDraft } from "./catalog";
import type { EventRuntime } from "./runtime";
import { serialized } from "./serialized";
import { dueAtOf, requestedData, timerEvents, type TimerTerms } from "./timer-events";

/**
 * A request for an event to be recorded later: when the terms say (after `fireAfter`, or at
 * `fireAt`, moved by `fireOffset`, on the calendar or in business time), `callback` is appended to
 * the log, with `timerId` in its data.
 */
export type TimerRequest = TimerTerms & {
  id: string;
  callback: EventDraft;
  /** The trace the callback continues, and the event that led to the timer. */
  traceparent?: string;
  causationid?: string;
};

/**
 * Where a timer is set or cancelled: the caller's transaction, the recorder its scheduling events go
 * through, and (for terms counted from now or in business time) the clock and the platform's calendar.
 */
export type TimerScope = { tx: SqlTransaction; events: EventRecorder; clock?: Clock; calendar?: BusinessCalendar };

/** The instant a request falls due. Only an absolute `fireAt` with no offset needs no calendar. */
function dueAtOfRequest(scope: TimerScope, request: TimerRequest): Date {
  if (request.fireAt !== undefined && request.fireOffset === undefined) return new Date(request.fireAt);
  if (!scope.calendar) throw new Error(`timer ${request.id}: terms counted on the calendar need the platform's calendar`);
  return dueAtOf(request, (scope.clock ?? systemClock).now(), scope.calendar);
}

/**
 * Sets a timer inside the caller's transaction, so it exists exactly when the change that asked for it
 * commits, and records `scheduling.timer.requested` with the request's terms and the instant it falls
 * due. A timer with the same id is replaced (moved), which is how a deadline that shifts is kept.
 * Returns the instant it falls due.
 */
export async function scheduleTimer(scope: TimerScope, request: TimerRequest, options: DueTimers = {}): Promise<Date> {
  const { callback } = request;
  const dueAt = dueAtOfRequest(scope, request);
  // A timer left to fire (already due) was not moved: nothing was requested of it.
  if (await writeTimer(scope.tx, { ...request, dueAt }, options))
    await scope.events.record(
      scope.tx,
      timerEvents.draft("timer.requested", callback.subject, requestedData(request.id, request, callback, dueAt)),
    );
  return dueAt;
}

/** A timer's row as stored: its id, when it fires, and the event it records then. */
export type TimerRow = { id: string; dueAt: Date; callback: EventDraft; traceparent?: string; causationid?: string };

/**
 * Writes (or moves) a timer's row without recording anything: for the scheduling domain carrying out a
 * request that is already in the log. Answers whether the row was written (not when left due).
 */
export async function writeTimer(tx: SqlTransaction, timer: TimerRow, options: DueTimers = {}): Promise<boolean> {
  const { callback } = timer;
  const keepDue = options.leaveDueAt ? Prisma.sql`WHERE platform_timer."fireAt" > ${options.leaveDueAt}` : Prisma.empty;
  const set = await tx.$queryRaw<Array<{ id: string }>>(Prisma.sql`
    INSERT INTO platform_timer (id, "fireAt", type, source, subject, data, traceparent, causationid)
    VALUES (${timer.id}, ${timer.dueAt}, ${callback.type}, ${callback.source}, ${callback.subject}::uuid, ${JSON.stringify(callback.data ?? {})}::jsonb,
            ${timer.traceparent ?? null}, ${timer.causationid ?? null}::uuid)
    ON CONFLICT (id) DO UPDATE SET "fireAt" = excluded."fireAt", type = excluded.type, source = excluded.source, subject = excluded.subject,
      data = excluded.data, traceparent = excluded.traceparent, causationid = excluded.causationid ${keepDue}
    RETURNING id`);
  return set.length > 0;
}

/**
 * With `leaveDueAt`, a timer already due at that moment is neither moved nor cancelled: it fires, and
 * its reaction decides with the record as it is then. A change that finds a deadline already passed
 * (the timer not yet fired) must not swallow the deadline's consequence.
 */
export type DueTimers = { leaveDueAt?: Date };

/**
 * Cancels timers (inside the caller's transaction), recording `scheduling.timer.cancelled` for each
 * one that was pending; an id that has fired or never existed is ignored.
 */
export async function cancelTimers(
  scope: Pick<TimerScope, "tx" | "events">,
  ids: readonly string[],
  options: DueTimers = {},
): Promise<string[]> {
  const cancelled = await deleteTimers(scope.tx, ids, options);
  if (cancelled.length > 0)
    await scope.events.record(
      scope.tx,
      ...cancelled.map((timer) => timerEvents.draft("timer.cancelled", timer.subject, { timerId: timer.id, applied: true })),
    );
  return cancelled.map((timer) => timer.id);
}

/** Deletes pending timers without recording anything (see `writeTimer`); answers those that were pending. */
export async function deleteTimers(
  tx: SqlTransaction,
  ids: readonly string[],
  options: DueTimers = {},
): Promise<Array<{ id: string; subject: string }>> {
  if (ids.length === 0) return [];
  const keepDue = options.leaveDueAt ? Prisma.sql`AND "fireAt" > ${options.leaveDueAt}` : Prisma.empty;
  return tx.$queryRaw<Array<{ id: string; subject: string }>>(
    Prisma.sql`DELETE FROM platform_timer WHERE id IN (${Prisma.join(ids)}) ${keepDue} RETURNING id, subject::text AS subject`,
  );
}

type DueTimer = {
  id: string;
  type: string;
  source: string;
  subject: string;
  data: Record<string, unknown> | null;
  traceparent: string | null;
  causationid: string | null;
};

export type TimerOptions = {
  clock?: Clock;
  logger?: Logger;
  /** The longest the runner sleeps without looking at the table (timers set by other processes). */
  pollIntervalMs?: number;
  /** Timers fired per transaction. */
  batchSize?: number;
};

export type RunningTimers = {
  /** Resolves once a full pass over the due timers has run after the call (every timer due by then has fired). */
  settle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Fires due timers in this process: each one's callback event is appended to the log and its row
 * deleted in one transaction, rows locked with SKIP LOCKED so that any number of processes can run
 * this side by side and each timer fires once. It wakes at the next due time (or after
 * `pollIntervalMs`, for timers other processes set), whenever a manual clock jumps, and at start, so
 * timers that fell due while nothing ran fire as soon as a process is back.
 */
export function startTimers(runtime: { db: PrismaClient; eventRuntime: EventRuntime }, options: TimerOptions = {}): RunningTimers {
  const clock = options.clock ?? systemClock;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 100;
  const settings = runtime.eventRuntime.settings;
  let stopped = false;
  let sleeper: NodeJS.Timeout | undefined;

  const fireBatch = async (): Promise<number> => {
    const now = clock.now();
    const fired = await runtime.db.$transaction(async (tx) => {
      const due = await tx.$queryRaw<DueTimer[]>`
        DELETE FROM platform_timer WHERE id IN (
          SELECT id FROM platform_timer WHERE "fireAt" <= ${now} ORDER BY "fireAt", id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING id, type, source, subject::text AS subject, data, traceparent, causationid::text AS causationid`;
      const events = due.map((timer) =>
        envelopeFor(
          { type: timer.type, source: timer.source, subject: timer.subject, data: { ...(timer.data ?? {}), timerId: timer.id } },
          {
            // With tracing on, the firing is a span of the trace that set the timer, and its event's parent.
            traceparent: continuedTraceparent(`timer ${timer.type}`, timer.traceparent),
            ...(timer.causationid && { causationid: timer.causationid }),
            authid: "system",
            authtype: "system",
          },
          settings,
          now,
        ),
      );
      await appendToLog(tx, events);
      return due.length;
    });
    if (fired > 0) runtime.eventRuntime.announce();
    return fired;
  };

  const fireDue = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const fired = await fireBatch();
      total += fired;
      if (fired < batchSize) return total;
    }
  };

  const arm = async () => {
    if (stopped) return;
    const [next] = await runtime.db.$queryRaw<Array<{ at: Date | null }>>`SELECT min("fireAt") AS at FROM platform_timer`;
    const untilNext = next?.at ? next.at.getTime() - clock.now().getTime() : Number.POSITIVE_INFINITY;
    // A manual clock does not move by itself: only its jumps (below) bring the next timer closer.
    const wait = Math.max(0, Math.min(pollIntervalMs, clock === systemClock ? untilNext : pollIntervalMs));
    if (sleeper) clearTimeout(sleeper);
    sleeper = setTimeout(() => void loop.run(), wait);
    sleeper.unref();
  };

  const loop = serialized(async () => {
    if (stopped) return;
    try {
      await fireDue();
    } catch (error) {
      options.logger?.warn({ err: error }, "firing due timers failed; trying again shortly");
    }
    try {
      await arm();
    } catch (error) {
      options.logger?.warn({ err: error }, "could not look up the next timer");
      if (!stopped) {
        sleeper = setTimeout(() => void loop.run(), pollIntervalMs);
        sleeper.unref();
      }
    }
  });

  const unsubscribe = clock.onJump?.(() => void loop.run());
  void loop.run();

  return {
    async settle() {
      await loop.run();
      await loop.current();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (sleeper) clearTimeout(sleeper);
      await loop.current();
    },
  };
}
