import type { Logger } from "@pap/core";
import type { Database } from "@pap/db";
import type { LoggedEvent } from "./envelope";
import { matchesFilter, type EventFilter } from "./filter";
import { headOfLog, readLogAfter } from "./log";
import type { CommitNotifier, LogChange } from "./notifier/notifier";
import { sequenceAndReadAfter, sequenceLog } from "./sequencer";
import { serialized } from "./serialized";
import { EventSubscription } from "./subscription";

export type HubOptions = {
  /** Safety net beside the notifier: how often the log is read even without a wake-up. */
  pollIntervalMs: number;
  /** Events read per query while following the log. */
  pageSize: number;
  /** Recent events kept in memory, so per-event lookups by id (subscriptions) skip the database. */
  recentEvents: number;
};

const defaults: HubOptions = { pollIntervalMs: 1000, pageSize: 500, recentEvents: 5000 };

/**
 * This process's view of the live log. It follows the log from the position it started at, waking on
 * the notifier (events written or numbered by any process), on this process's own commits, and on a
 * timer; it numbers newly written events (the sequencer) before reading, and hands each new event, in
 * order, to every subscriber whose filter matches and to every advance listener (durable consumers).
 */
export class EventHub {
  private readonly subscriptions = new Set<EventSubscription>();
  private readonly advanceListeners = new Set<(head: bigint, events: readonly LoggedEvent[]) => void>();
  private readonly recent = new Map<string, LoggedEvent>();
  private readonly options: HubOptions;
  private head = 0n;
  /** The newest position a numbering announced during the current read (see onLogChange). */
  private announced = 0n;
  private readonly follower = serialized(() => this.follow());
  private timer?: NodeJS.Timeout;
  private closed = false;

  private readonly db: Database["prisma"];
  /** Where the log is followed: a connection of its own on PostgreSQL, so delivery never queues for the main pool. */
  private readonly read: Database["follow"];

  constructor(
    database: Pick<Database, "prisma" | "follow">,
    private readonly notifier: CommitNotifier,
    private readonly logger?: Logger,
    options: Partial<HubOptions> = {},
  ) {
    this.options = { ...defaults, ...options };
    this.db = database.prisma;
    this.read = database.follow;
  }

  async start(): Promise<void> {
    this.head = await headOfLog(this.db);
    await this.notifier.start((change) => this.onLogChange(change));
    // The timer also numbers: events written by a process that died before numbering them still get in.
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.timer.unref();
  }

  /** The newest position this hub has delivered. */
  get position(): bigint {
    return this.head;
  }

  /**
   * Live events matching `filter`. With `after`, every matching event after that position comes
   * first, read from the permanent log; without it, every event committed after this call (what
   * has committed is numbered first, so "from now on" is exact, not "from whenever this hub next reads").
   */
  async subscribe(filter: EventFilter, after?: bigint): Promise<EventSubscription> {
    if (this.closed) throw new Error("the event hub is closed");
    let start = after;
    if (start === undefined) {
      await sequenceLog(this.db);
      start = await headOfLog(this.db);
    }
    const subscription = new EventSubscription(
      filter,
      { after: start, catchUp: true },
      (from, limit, catchUpFilter) => readLogAfter(this.db, from, limit, catchUpFilter),
      (closed) => this.subscriptions.delete(closed),
      { pageSize: this.options.pageSize, maxPending: 10_000 },
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Calls `listener` after each batch of new events (with the new head and the batch); returns the unsubscriber. */
  onAdvance(listener: (head: bigint, events: readonly LoggedEvent[]) => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  /** A recently seen event, without a database read. */
  recentEvent(id: string): LoggedEvent | undefined {
    return this.recent.get(id.toLowerCase());
  }

  get subscriberCount(): number {
    return this.subscriptions.size;
  }

  /**
   * Numbers whatever awaits numbering and reads whatever became readable since the last read, in one
   * round trip per page (wake-ups that arrive meanwhile are coalesced into one more run). Called after
   * this process commits events, so its own writes are delivered without a round trip through NOTIFY.
   * Every run numbers: when nothing awaits numbering, finding that out is an index lookup inside the
   * same round trip, so the kind of change that woke the hub does not matter.
   */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.follower.run();
  }

  /**
   * Every numbering is announced to every process, this one included: the announcement of a numbering
   * this hub did itself (or has read past) asks for nothing new, and reading again for it would double
   * the hub's round trips. One that arrives while a read is under way is kept for the end of that read,
   * since it may be this hub's own numbering, whose events the read is about to return.
   */
  private onLogChange(change: LogChange) {
    if (change.kind === "sequenced" && change.through !== undefined) {
      if (change.through <= this.head) return;
      if (this.follower.current()) {
        if (change.through > this.announced) this.announced = change.through;
        return;
      }
    }
    void this.wake();
  }

  private async follow(): Promise<void> {
    try {
      for (;;) {
        this.announced = 0n;
        const batch = await sequenceAndReadAfter(this.read, this.head, this.options.pageSize);
        if (batch.length > 0) {
          for (const logged of batch) this.dispatch(logged);
          this.head = batch[batch.length - 1]!.position;
          for (const listener of this.advanceListeners) listener(this.head, batch);
        }
        // A full page may have more behind it. A numbering announced during this read and past what it
        // returned is another process's, committed after the read's snapshot: the next read sees it.
        if (batch.length < this.options.pageSize && this.announced <= this.head) return;
      }
    } catch (error) {
      if (!this.closed) this.logger?.warn({ err: error }, "following the event log failed; retrying on the next wake-up");
    }
  }

  private dispatch(logged: LoggedEvent) {
    this.remember(logged);
    for (const subscription of this.subscriptions) {
      if (matchesFilter(subscription.filter, logged.event)) subscription.offer(logged);
    }
  }

  private remember(logged: LoggedEvent) {
    this.recent.set(logged.event.id, logged);
    if (this.recent.size > this.options.recentEvents) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.notifier.close();
    await this.follower.current();
    for (const subscription of [...this.subscriptions]) subscription.close();
  }
}
