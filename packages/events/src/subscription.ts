import type { LoggedEvent } from "./envelope";
import type { EventFilter } from "./filter";

/** How a subscriber reads the events it missed from the log. */
export type CatchUpReader = (after: bigint, limit: number, filter: EventFilter) => Promise<LoggedEvent[]>;

export class SubscriberTooSlowError extends Error {
  constructor(readonly position: bigint) {
    super(`subscriber fell too far behind the live stream; resume after position ${position}`);
    this.name = "SubscriberTooSlowError";
  }
}

/**
 * One live subscriber: an async iterator of matching events in log order.
 *
 * Resuming after a position first reads the missed events from the log; events the hub offers
 * meanwhile wait in `pending`. Every event is delivered only when its position is past the cursor,
 * so the two sources overlap without a duplicate, and since the hub offers every event committed
 * after the subscription was registered, they leave no gap either.
 */
export class EventSubscription implements AsyncIterableIterator<LoggedEvent> {
  /** Position of the last event handed to the consumer. */
  private cursor: bigint;
  /** Position of the last event queued in `ready`: nothing at or below it is queued again. */
  private horizon: bigint;
  private catchingUp: boolean;
  private readonly pending: LoggedEvent[] = [];
  private readonly ready: LoggedEvent[] = [];
  private waiter?: { resolve: (result: IteratorResult<LoggedEvent>) => void; reject: (error: unknown) => void };
  private failure?: unknown;
  private done = false;

  constructor(
    readonly filter: EventFilter,
    start: { after: bigint; catchUp: boolean },
    private readonly readLog: CatchUpReader,
    private readonly onClose: (subscription: EventSubscription) => void,
    private readonly limits = { pageSize: 500, maxPending: 10_000 },
  ) {
    this.cursor = start.after;
    this.horizon = start.after;
    this.catchingUp = start.catchUp;
  }

  /** Called by the hub, in log order, with every new event matching the filter. */
  offer(logged: LoggedEvent): void {
    if (this.done || logged.position <= this.horizon) return;
    if (this.pending.length >= this.limits.maxPending) {
      this.fail(new SubscriberTooSlowError(this.cursor));
      return;
    }
    this.pending.push(logged);
    if (this.waiter && !this.catchingUp) this.deliverPending();
  }

  async next(): Promise<IteratorResult<LoggedEvent>> {
    if (this.failure) throw this.failure;
    if (this.ready.length) return { value: this.advance(this.ready.shift()!), done: false };
    if (this.done) return { value: undefined, done: true };
    if (this.catchingUp) {
      let page: LoggedEvent[];
      try {
        page = await this.readLog(this.horizon, this.limits.pageSize, this.filter);
      } catch (error) {
        // Whoever iterates may not return() after a rejection: unregister here, or the hub keeps feeding us.
        this.fail(error);
        throw error;
      }
      if (page.length < this.limits.pageSize) this.catchingUp = false;
      for (const logged of page) this.enqueue(logged);
      return this.next();
    }
    this.takePending();
    if (this.ready.length) return this.next();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  async return(): Promise<IteratorResult<LoggedEvent>> {
    this.close();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<LoggedEvent>> {
    this.close();
    throw error;
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<LoggedEvent> {
    return this;
  }

  /** Ends the stream with an error (the hub is closing, or the subscriber cannot keep up). */
  fail(error: unknown): void {
    if (this.done) return;
    this.failure = error;
    this.close();
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.pending.length = 0;
    this.onClose(this);
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve({ value: undefined, done: true });
  }

  private takePending() {
    for (const logged of this.pending.splice(0)) this.enqueue(logged);
  }

  private enqueue(logged: LoggedEvent) {
    if (logged.position <= this.horizon) return;
    this.ready.push(logged);
    this.horizon = logged.position;
  }

  private deliverPending() {
    this.takePending();
    const next = this.ready.shift();
    if (!next) return;
    const waiter = this.waiter!;
    this.waiter = undefined;
    waiter.resolve({ value: this.advance(next), done: false });
  }

  private advance(logged: LoggedEvent): LoggedEvent {
    this.cursor = logged.position;
    return logged;
  }
}
