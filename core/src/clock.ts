/**
 * Where "now" comes from. Everything that stamps or compares times (SLA clocks, timers, event times)
 * asks a Clock, so tests can move time forward instead of waiting for it.
 */
export type Clock = {
  now(): Date;
  /** Called whenever the clock jumps (manual clocks only): lets waiting timers look again at once. */
  onJump?(listener: () => void): () => void;
};

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: for tests and benchmarks. */
export class ManualClock implements Clock {
  private current: number;
  private readonly listeners = new Set<() => void>();

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves the clock forward by `ms` (never backwards: a timer that fired must stay fired). */
  advance(ms: number): Date {
    if (ms < 0) throw new Error("a manual clock only moves forward");
    this.current += ms;
    for (const listener of this.listeners) listener();
    return this.now();
  }

  set(to: Date | string): Date {
    return this.advance(Math.max(0, new Date(to).getTime() - this.current));
  }

  onJump(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
