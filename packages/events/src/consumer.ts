import {
  calendarFromEnv,
  stateWide,
  systemClock,
  type BusinessCalendar,
  traced,
  traceIdOf,
  type Clock,
  type Jurisdiction,
  type Logger,
} from "@pap/core";
import type { Prisma, PrismaClient } from "@pap/db";
import { eventRecorder, type EventRecorder } from "./append";
import { loggedFromRow, type LoggedEvent, type PlatformEvent } from "./envelope";
import { matchesFilter, type EventFilter } from "./filter";
import { headOfLog, whereOfFilter } from "./log";
import { reactionOrigin } from "./origin";
import type { EventRuntime } from "./runtime";
import { serialized } from "./serialized";
import type { EventSettings } from "./settings";

/** What a consumer's handler is given for one event. */
export type ConsumerContext = {
  /** The transaction the consumer's position advances in: write through it, or the effect is not exactly-once. */
  tx: Prisma.TransactionClient;
  event: PlatformEvent;
  position: bigint;
  /** Records follow-up events caused by `event`: same trace, causationid = event.id, actor "system". */
  events: EventRecorder;
  /** The process's clock (a test's manual one, or the system's). */
  clock: Clock;
  /** The platform's calendar: business days, local dates, durations (PLATFORM_TIME_ZONE, holidays). */
  calendar: BusinessCalendar;
  /** The deployment's county settings (a write that moves a household moves its county). */
  jurisdiction: Jurisdiction;
  /** What the definition's `prepare` returned for this event (undefined without one). */
  prepared?: unknown;
};

/** A durable reaction to events: it resumes where it left off and sees each matching event once, in log order. */
export type ConsumerDefinition = {
  /** Its row in `event_consumer`; renaming a consumer starts it over from the beginning of the log. */
  name: string;
  /** Which events it reacts to; types as the domains declare them (the deployment's type prefix is added here). */
  filter: EventFilter;
  /**
   * Work for one event that must not hold a transaction open, such as a call to an outside service:
   * it runs before the handler's transaction, and what it returns reaches the handler as `prepared`.
   * It may run more than once for the same event (a crash before the commit, another process taking
   * the event meanwhile), so what it does must be safe to repeat; its effects belong in `handle`.
   */
  prepare?(event: PlatformEvent, db: PrismaClient): Promise<unknown>;
  handle(context: ConsumerContext): Promise<void>;
};

export type ConsumerOptions = {
  logger?: Logger;
  /** Safety net beside the hub's wake-ups: how often the process looks for consumers left behind the log's head. */
  pollIntervalMs?: number;
  /** Backoff between attempts at an event whose handler failed (doubling from initialMs up to maxMs). */
  retry?: { initialMs: number; maxMs: number };
  /** How long one handler's transaction may run. */
  transactionTimeoutMs?: number;
};

export type RunningConsumers = {
  /** Stops waking consumers and waits for the handlers in flight to finish. */
  stop(): Promise<void>;
  /**
   * Resolves once every consumer's position has reached the log's current head, whichever process did
   * the work. A consumer whose handler keeps failing holds it up: drain waits, it never skips.
   */
  drain(): Promise<void>;
};

const defaults = { pollIntervalMs: 1000, retry: { initialMs: 100, maxMs: 30_000 }, transactionTimeoutMs: 30_000 };

type Round = { kind: "processed" | "idle" | "busy" | "stale" } | { kind: "failed"; error: unknown; event?: LoggedEvent };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 4000);

/**
 * Whether a consumer standing at `position`, behind the head, may have an event to handle: unless this
 * process's hub has passed on every event after that position (it has watched since `watchedFrom`) and
 * none was for it (`newestMatchSeen`). One with nothing to do still gets a round now and then
 * (`idleRoundMs` after its last), which moves its position to the head so its next scan stays short.
 */
export function roundDue(consumer: {
  position: bigint;
  watchedFrom: bigint;
  newestMatchSeen: bigint;
  lastRoundAt: number;
  idleRoundMs: number;
  now: number;
}): boolean {
  const { position, watchedFrom, newestMatchSeen, lastRoundAt, idleRoundMs, now } = consumer;
  return position < watchedFrom || newestMatchSeen > position || now - lastRoundAt >= idleRoundMs;
}

/** One consumer in this process: a single catch-up loop at a time, however many wake-ups arrive. */
class ConsumerRunner {
  private readonly loop = serialized(() => this.catchUp());
  private failures = 0;
  private retryTimer?: NodeJS.Timeout;
  private registered = false;
  private stopped = false;
  /** The definition's filter, with the deployment's type prefix. */
  private readonly filter: EventFilter;
  /** The position of the newest event this process's hub has passed on that this consumer reacts to. */
  private newestMatchSeen = 0n;
  /** When this consumer's last round ended (ms since the epoch). */
  private lastRoundAt = 0;

  constructor(
    private readonly definition: ConsumerDefinition,
    private readonly db: PrismaClient,
    private readonly settings: EventSettings,
    private readonly jurisdiction: Jurisdiction,
    private readonly options: typeof defaults & { logger?: Logger },
    /** Has the events a handler recorded numbered and delivered once its transaction commits. */
    private readonly announce: () => void,
  ) {
    const { types } = definition.filter;
    this.filter = { ...definition.filter, ...(types && { types: types.map((type) => settings.typePrefix + type) }) };
  }

  get name() {
    return this.definition.name;
  }

  /**
   * True when some of `events` (a batch in log order) are for this consumer. Looked through from the
   * newest, so the first match is the one `roundDue` remembers, and the look stops there.
   */
  reactsToAny(events: readonly LoggedEvent[]): boolean {
    for (let index = events.length - 1; index >= 0; index--) {
      const logged = events[index]!;
      if (!matchesFilter(this.filter, logged.event)) continue;
      if (logged.position > this.newestMatchSeen) this.newestMatchSeen = logged.position;
      return true;
    }
    return false;
  }

  /** What `roundDue` needs of this consumer beside its stored position. */
  get activity(): { newestMatchSeen: bigint; lastRoundAt: number } {
    return { newestMatchSeen: this.newestMatchSeen, lastRoundAt: this.lastRoundAt };
  }

  wake(): Promise<void> {
    // While backing off after a failure, only the retry timer may start the next attempt.
    if (this.stopped || this.retryTimer) return this.loop.current() ?? Promise.resolve();
    return this.loop.run();
  }

  /** Waits until this consumer's stored position reaches `target`, whichever process advances it. */
  async reach(target: bigint): Promise<void> {
    for (;;) {
      if (this.stopped) throw new Error(`event consumer '${this.name}' was stopped before it reached position ${target}`);
      await this.wake();
      const row = await this.db.eventConsumer.findUnique({ where: { name: this.name }, select: { position: true } });
      if ((row?.position ?? 0n) >= target) return;
      await sleep(Math.min(this.options.pollIntervalMs, 50));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.loop.current();
  }

  private async catchUp(): Promise<void> {
    while (!this.stopped) {
      const round = await this.round();
      this.lastRoundAt = Date.now();
      if (round.kind === "failed") return this.retryLater(round.error, round.event);
      if (round.kind !== "busy") this.failures = 0;
      if (round.kind !== "processed" && round.kind !== "stale") return;
    }
  }

  private retryLater(error: unknown, event?: LoggedEvent) {
    this.failures++;
    const { initialMs, maxMs } = this.options.retry;
    const delay = Math.min(initialMs * 2 ** (this.failures - 1), maxMs);
    this.options.logger?.warn(
      {
        err: error,
        consumer: this.name,
        eventId: event?.event.id,
        trace_id: traceIdOf(event?.event.traceparent),
        position: event?.position.toString(),
        attempt: this.failures,
        retryInMs: delay,
      },
      event ? "event consumer failed to handle an event; retrying it" : "event consumer failed to read the log; retrying",
    );
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.wake();
    }, delay);
    this.retryTimer.unref();
  }

  /** Handles the next matching event, if any, in one transaction with the position advance. */
  private async round(): Promise<Round> {
    let from = 0n;
    let handling: LoggedEvent | undefined;
    try {
      if (!this.registered) {
        await this.db
          .$executeRaw`INSERT INTO event_consumer (name, "updatedAt") VALUES (${this.name}, now()) ON CONFLICT (name) DO NOTHING`;
        this.registered = true;
      }
      const prepared = this.definition.prepare ? await this.prepareNext() : undefined;
      const kind = await this.db.$transaction(
        async (tx) => {
          // SKIP LOCKED: when another process holds the row it is running this consumer now, so leave it to it.
          const [locked] = await tx.$queryRaw<
            Array<{ position: bigint }>
          >`SELECT position FROM event_consumer WHERE name = ${this.name} FOR UPDATE SKIP LOCKED`;
          if (!locked) return "busy" as const;
          from = locked.position;
          // Everything numbered up to the head is visible to the next statement too, and nothing can be
          // numbered below it later (see sequencer.ts): when no matching event lies between `from` and the
          // head, the position may jump to the head, and the events skipped are never scanned again.
          const { head, next } = await this.nextMatching(tx, from);
          if (!next) {
            if (head > from)
              await tx.$executeRaw`UPDATE event_consumer SET position = ${head}, "updatedAt" = now() WHERE name = ${this.name}`;
            return "idle" as const;
          }
          // Prepared for another event (another process handled that one meanwhile): prepare this one first.
          if (this.definition.prepare && prepared?.eventId !== next.id) return "stale" as const;
          handling = loggedFromRow(next);
          const { event, position } = handling;
          await traced(`reaction ${this.name}`, event.traceparent, this.spanAttributes(event), () =>
            this.definition.handle({
              tx,
              event,
              position,
              events: eventRecorder(this.settings, reactionOrigin(event)),
              clock: this.settings.clock ?? systemClock,
              calendar: this.settings.calendar ?? calendarFromEnv(),
              jurisdiction: this.jurisdiction,
              prepared: prepared?.result,
            }),
          );
          await tx.$executeRaw`
            UPDATE event_consumer SET position = ${position}, attempts = 0, "lastError" = NULL, "updatedAt" = now() WHERE name = ${this.name}`;
          return "processed" as const;
        },
        { timeout: this.options.transactionTimeoutMs, maxWait: 10_000 },
      );
      if (kind === "processed") this.announce();
      return { kind };
    } catch (error) {
      if (handling) await this.recordFailure(from, error);
      return { kind: "failed", error, event: handling };
    }
  }

  /** The log's head, and the first event after `from` up to it that this consumer reacts to. */
  private async nextMatching(db: Pick<PrismaClient, "platformEvent">, from: bigint) {
    const head = await headOfLog(db);
    const next = await db.platformEvent.findFirst({
      where: { position: { gt: from, lte: head }, ...whereOfFilter(this.filter) },
      orderBy: { position: "asc" },
    });
    return { head, next };
  }

  /** Runs `prepare` for the next matching event as it stands now, outside any transaction (none waiting: nothing). */
  private async prepareNext(): Promise<{ eventId: string; result: unknown } | undefined> {
    const row = await this.db.eventConsumer.findUnique({ where: { name: this.name }, select: { position: true } });
    const { next } = await this.nextMatching(this.db, row?.position ?? 0n);
    if (!next) return undefined;
    const { event } = loggedFromRow(next);
    return {
      eventId: next.id,
      result: await traced(`prepare ${this.name}`, event.traceparent, this.spanAttributes(event), () =>
        this.definition.prepare!(event, this.db),
      ),
    };
  }

  /** What a reaction's span says of it: which consumer, reacting to which event. */
  private spanAttributes(event: PlatformEvent) {
    return {
      "pap.consumer": this.name,
      "cloudevents.event_id": event.id,
      "cloudevents.event_type": event.type,
      "cloudevents.event_subject": event.subject,
    };
  }

  /** Notes the failure for operators; only if no other process has moved past the event meanwhile. */
  private async recordFailure(from: bigint, error: unknown) {
    try {
      await this.db.$executeRaw`
        UPDATE event_consumer SET attempts = attempts + 1, "lastError" = ${messageOf(error)}, "lastFailedAt" = now(), "updatedAt" = now()
        WHERE name = ${this.name} AND position = ${from}`;
    } catch (recordError) {
      this.options.logger?.warn({ err: recordError, consumer: this.name }, "could not record an event consumer's failure");
    }
  }
}

/** How often a consumer with nothing to do has its position moved to the head while events flow. */
const IDLE_ROUND_MS = 30_000;

/**
 * The safety net beside the hub's wake-ups, for a wake-up that came while another process held a
 * consumer and an event it reacts to arrived after that process had looked: once per interval, one read
 * of every consumer's position and one of the log's head, and a round only for those behind the head
 * that may have work. An idle process polling each consumer with a round of its own (a transaction of
 * five statements) spent a tenth of a core on nothing, on every host; and while events flow that none
 * of them reacts to (a thousand a second), every consumer is behind the head at every look, so one whose
 * filter matched none of what the hub passed on waits for `IDLE_ROUND_MS` before its round.
 */
function wakeBehindHead(db: PrismaClient, runners: readonly ConsumerRunner[], intervalMs: number, watchedFrom: bigint): () => void {
  const names = runners.map((runner) => runner.name);
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const [head, rows] = await Promise.all([
        headOfLog(db),
        db.eventConsumer.findMany({ where: { name: { in: names } }, select: { name: true, position: true } }),
      ]);
      const positions = new Map(rows.map((row) => [row.name, row.position]));
      const now = Date.now();
      for (const runner of runners) {
        const position = positions.get(runner.name) ?? -1n;
        if (position < head && roundDue({ position, watchedFrom, ...runner.activity, idleRoundMs: IDLE_ROUND_MS, now })) void runner.wake();
      }
    } catch {
      // The database is away: the next look tries again, and the rounds report their own failures.
    } finally {
      looking = false;
    }
  };
  const timer = setInterval(() => void look(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs durable consumers in this process. Each one handles its matching events in log order, each in
 * one transaction with the advance of its position, so a crash between events neither loses nor
 * repeats an effect; a failing event is retried with backoff and never skipped. Any number of
 * processes may run the same consumers: a row lock lets one of them work on a consumer at a time.
 */
export function startConsumers(
  runtime: { db: PrismaClient; eventRuntime: EventRuntime; jurisdiction?: Jurisdiction },
  consumers: readonly ConsumerDefinition[],
  options: ConsumerOptions = {},
): RunningConsumers {
  const names = consumers.map((consumer) => consumer.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`two event consumers are named '${duplicate}'`);

  const settings = { ...defaults, ...options, retry: options.retry ?? defaults.retry };
  const runners = consumers.map(
    (consumer) =>
      new ConsumerRunner(
        consumer,
        runtime.db,
        runtime.eventRuntime.settings,
        runtime.jurisdiction ?? stateWide,
        settings,
        runtime.eventRuntime.announce,
      ),
  );
  const wakeAll = () => {
    for (const runner of runners) void runner.wake();
  };
  // Only the consumers a new batch has events for are woken by it: every round is a transaction of its
  // own, and at a thousand events a second rounds that find nothing to do were most of this process's
  // database work. A consumer left asleep moves its position past the events it skipped on a later
  // poll (or drain), in one indexed read.
  const unsubscribe = runtime.eventRuntime.hub.onAdvance((_head, events) => {
    for (const runner of runners) if (runner.reactsToAny(events)) void runner.wake();
  });
  const stopPolling = wakeBehindHead(runtime.db, runners, settings.pollIntervalMs, runtime.eventRuntime.hub.position);
  wakeAll();

  return {
    async stop() {
      stopPolling();
      unsubscribe();
      await Promise.all(runners.map((runner) => runner.stop()));
    },
    async drain() {
      const head = await headOfLog(runtime.db);
      await Promise.all(runners.map((runner) => runner.reach(head)));
    },
  };
}
