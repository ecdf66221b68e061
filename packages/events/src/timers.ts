import { continuedTraceparent, systemClock, type Clock, type Logger } from "@pap/core";
import { Prisma, type PrismaClient } from "@pap/db";
import { appendToLog, envelopeFor, type SqlTransaction } from "./append";
import type { EventDraft } from "./catalog";
import type { EventRuntime } from "./runtime";
import { serialized } from "./serialized";

/** A request for an event to be recorded later: at `fireAt`, `callback` is appended to the log, with `timerId` in its data. */
export type TimerRequest = {
  id: string;
  fireAt: Date;
  callback: EventDraft;
  /** The trace the callback continues, and the event that led to the timer. */
  traceparent?: string;
  causationid?: string;
};

/**
 * Sets a timer inside the caller's transaction, so it exists exactly when the change that asked for it
 * commits. A timer with the same id is replaced (moved), which is how a deadline that shifts is kept.
 */
export async function scheduleTimer(tx: SqlTransaction, request: TimerRequest, options: DueTimers = {}): Promise<void> {
  const { callback } = request;
  const keepDue = options.leaveDueAt ? Prisma.sql`WHERE platform_timer."fireAt" > ${options.leaveDueAt}` : Prisma.empty;
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO platform_timer (id, "fireAt", type, source, subject, data, traceparent, causationid)
    VALUES (${request.id}, ${request.fireAt}, ${callback.type}, ${callback.source}, ${callback.subject}::uuid, ${JSON.stringify(callback.data ?? {})}::jsonb,
            ${request.traceparent ?? null}, ${request.causationid ?? null}::uuid)
    ON CONFLICT (id) DO UPDATE SET "fireAt" = excluded."fireAt", type = excluded.type, source = excluded.source, subject = excluded.subject,
      data = excluded.data, traceparent = excluded.traceparent, causationid = excluded.causationid ${keepDue}`);
}

/**
 * With `leaveDueAt`, a timer already due at that moment is neither moved nor cancelled: it fires, and
 * its reaction decides with the record as it is then. A change that finds a deadline already passed
 * (the timer not yet fired) must not swallow the deadline's consequence.
 */
export type DueTimers = { leaveDueAt?: Date };

/** Cancels timers (inside the caller's transaction); an id that has fired or never existed is ignored. */
export async function cancelTimers(tx: SqlTransaction, ids: readonly string[], options: DueTimers = {}): Promise<void> {
  if (ids.length === 0) return;
  const keepDue = options.leaveDueAt ? Prisma.sql`AND "fireAt" > ${options.leaveDueAt}` : Prisma.empty;
  await tx.$executeRaw(Prisma.sql`DELETE FROM platform_timer WHERE id IN (${Prisma.join(ids)}) ${keepDue}`);
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
