import { continuedTraceparent, systemClock, traced, traceIdOf, type Clock, type Logger } from "@pap/core";
import type { BackgroundWork } from "@pap/kernel/domain";
import { Prisma, type PrismaClient } from "@pap/db";
import { eventRecorder, serialized, type DomainServices } from "@pap/events";
import { leaseMs } from "../config/settings";
import { dataExchangeEvents } from "../domain/events";
import { rescheduleCall, settleCall, type CallOutcome } from "../operations/outcomes";
import type { CallRow, DataExchangeWork } from "../operations/work";
import { askAgency, backoffMs, nextStepAfter, type CallMaker } from "./attempt";

const SUBMITTED = dataExchangeEvents.draft("call.submitted", "").type;

export type Outbox = BackgroundWork & { kick(): void };

/**
 * Writes to a call in a transaction of its own, its event continuing the submission's trace and caused
 * by the submission's event: what becomes of an attempt is known long after the request that asked.
 */
function inOwnTransaction<T>(
  services: DomainServices,
  clock: Clock,
  call: Pick<CallRow, "traceparent" | "submittedEventId">,
  span: string,
  write: (work: DataExchangeWork) => Promise<T>,
): Promise<T> {
  const events = eventRecorder(services.eventRuntime.settings, {
    traceparent: continuedTraceparent(span, call.traceparent),
    ...(call.submittedEventId && { causationid: call.submittedEventId }),
    authid: "system",
    authtype: "system",
  });
  return services.eventRuntime.sqlTransaction((tx) => write({ tx, events, clock }));
}

/** Ends a call in a transaction of its own (see `inOwnTransaction`). */
export function settleInOwnTransaction(
  services: DomainServices,
  clock: Clock,
  call: Pick<CallRow, "id" | "traceparent" | "submittedEventId">,
  outcome: CallOutcome,
) {
  return inOwnTransaction(services, clock, call, "service call settled", (work) => settleCall(work, call.id, outcome));
}

/** Puts a call back for a later attempt in a transaction of its own, with its event (see `inOwnTransaction`). */
function rescheduleInOwnTransaction(
  services: DomainServices,
  clock: Clock,
  call: Pick<CallRow, "id" | "traceparent" | "submittedEventId">,
  nextAttemptAt: Date,
  reason: string,
) {
  return inOwnTransaction(services, clock, call, "service call rescheduled", (work) =>
    rescheduleCall(work, call.id, nextAttemptAt, reason),
  );
}

/**
 * What a call handed back after a fault of our own says of it: not the fault's text, which is the
 * platform's internal business (it is logged), and would otherwise reach clients and the permanent log.
 */
export const OWN_FAULT = "the platform could not make or record this attempt (a fault of its own, logged); the call is tried again shortly";

/**
 * The outbox worker (issue 17): every pending call that is due is claimed by one process under a lease
 * (`FOR UPDATE SKIP LOCKED`, so any number of processes share the work), asked of its agency outside any
 * transaction, then ended or put back for later. A call accepted is a call made: a process that dies
 * mid-call leaves its lease to run out, and the call is claimed again and asked again with the same
 * idempotency key; its answer is recorded once (`settleCall` ends only a pending call). Wakes when a
 * call is submitted anywhere (the log's `submitted` events), at the next due retry, and every second.
 */
export function startOutbox(
  services: DomainServices,
  maker: CallMaker,
  options: { clock?: Clock; logger?: Logger; pollIntervalMs?: number } = {},
): Outbox {
  const clock = options.clock ?? systemClock;
  const db: PrismaClient = services.db;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const inFlight = new Set<Promise<void>>();
  // Calls handed back after a fault of ours, each until its short wait is over and it is claimed again.
  const handingBack = new Set<Promise<void>>();
  let stopped = false;
  let sleeper: NodeJS.Timeout | undefined;

  const claim = async (room: number): Promise<CallRow[]> => {
    const settings = maker.settings();
    const now = clock.now();
    const lease = Math.max(...settings.catalog.map((entry) => leaseMs(entry, settings)));
    return db.$queryRaw<CallRow[]>(Prisma.sql`
      UPDATE data_exchange_service_call c SET "leaseUntil" = ${new Date(now.getTime() + lease)}, attempts = c.attempts + 1
      FROM (SELECT id FROM data_exchange_service_call
            WHERE status = 'pending' AND "nextAttemptAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now})
            ORDER BY "nextAttemptAt" LIMIT ${room} FOR UPDATE SKIP LOCKED) due
      WHERE c.id = due.id RETURNING c.*`);
  };

  // Each attempt at a call is a span of the trace that submitted it: the agency's answer and the event
  // that records it belong to the request that asked, however much later they come.
  const make = (call: CallRow): Promise<void> =>
    traced(
      `service call ${call.serviceId}`,
      call.traceparent,
      { "pap.service_call_id": call.id, "pap.attempt": call.attempts },
      async () => {
        const settings = maker.settings();
        const entry = settings.catalog.find((candidate) => candidate.id === call.serviceId);
        try {
          const outcome = entry
            ? await askAgency(maker, call, entry)
            : ({
                ok: false,
                reason: `the service ${call.serviceId} is no longer in the catalog`,
                retryable: false,
                kind: "refused",
              } as const);
          const step = nextStepAfter(outcome, call.attempts, settings, clock.now());
          if ("settle" in step) await settleInOwnTransaction(services, clock, call, step.settle);
          else await rescheduleInOwnTransaction(services, clock, call, step.retryAt, step.error);
        } catch (error) {
          options.logger?.warn(
            { err: error, serviceCallId: call.id, trace_id: traceIdOf(call.traceparent) },
            "making a service call failed; it will be claimed again shortly",
          );
          await handBack(call);
        }
      },
    );

  /**
   * Our own fault (a pool wait timed out under load, the database away, a bug) is usually gone a
   * moment later: the call is handed back for a short, growing wait rather than held for its whole
   * lease, and settling waits for it as for a call in flight. If even that write fails the lease runs out.
   */
  const handBack = async (call: CallRow) => {
    const waitMs = backoffMs(call.attempts, 500, 30_000);
    try {
      await rescheduleInOwnTransaction(services, clock, call, new Date(clock.now().getTime() + waitMs), OWN_FAULT);
    } catch {
      return;
    }
    const waiting: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref()).then(() => {
      handingBack.delete(waiting);
      kick();
    });
    handingBack.add(waiting);
  };

  const round = serialized(async () => {
    if (stopped) return;
    try {
      for (;;) {
        const room = maker.settings().concurrency - inFlight.size;
        if (room <= 0) return;
        const calls = await claim(room);
        for (const call of calls) {
          const running: Promise<void> = make(call).finally(() => {
            inFlight.delete(running);
            kick();
          });
          inFlight.add(running);
        }
        if (calls.length < room) return;
      }
    } catch (error) {
      options.logger?.warn({ err: error }, "claiming due service calls failed; trying again shortly");
    } finally {
      await arm();
    }
  });

  // Sleep until the next due call (a retry's backoff, a lease running out), at most the poll interval.
  const arm = async () => {
    if (stopped) return;
    let wait = pollIntervalMs;
    // With calls in flight each one's end runs another round: the next due time is not worth a query.
    if (clock === systemClock && inFlight.size === 0) {
      const [next] = await db.$queryRaw<Array<{ at: Date | null }>>`
        SELECT min(greatest("nextAttemptAt", coalesce("leaseUntil", "nextAttemptAt"))) AS at FROM data_exchange_service_call WHERE status = 'pending'`.catch(
        () => [{ at: null }],
      );
      if (next?.at) wait = Math.max(0, Math.min(pollIntervalMs, next.at.getTime() - Date.now()));
    }
    if (sleeper) clearTimeout(sleeper);
    sleeper = setTimeout(kick, wait);
    sleeper.unref();
  };

  function kick() {
    if (!stopped) void round.run();
  }

  const anyDue = async () => {
    const now = clock.now();
    const [row] = await db.$queryRaw<Array<{ due: number }>>`
      SELECT 1 AS due FROM data_exchange_service_call WHERE status = 'pending' AND "nextAttemptAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now}) LIMIT 1`;
    return Boolean(row);
  };

  const stopListening = services.eventRuntime.hub.onAdvance((_head, events) => {
    if (events.some((event) => event.event.type.endsWith(SUBMITTED))) kick();
  });
  kick();

  return {
    kick,
    // What settling waits for: no call in flight or handed back, none due.
    get done() {
      return (async () => {
        for (;;) {
          await round.run();
          const waitingFor = [...inFlight, ...handingBack];
          if (waitingFor.length === 0 && !(await anyDue())) return;
          if (waitingFor.length) await Promise.race(waitingFor);
        }
      })();
    },
    async stop() {
      stopped = true;
      stopListening();
      if (sleeper) clearTimeout(sleeper);
      await round.current();
      await Promise.all(inFlight);
    },
  };
}
