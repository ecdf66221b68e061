import { untraced } from "@pap/core";

/**
 * Runs `task` one at a time, however often it is asked for: a request that arrives while it runs
 * asks for exactly one more run after it (many wake-ups, one catch-up). `current` is the run in
 * progress, for waiting on it when stopping. A run is the process's own background work (the hub's
 * reading, a consumer's loop): with tracing on it starts outside the trace of whoever woke it.
 */
export function serialized(task: () => Promise<void>): { run(): Promise<void>; current(): Promise<void> | undefined } {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = untraced(task).finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void run();
      }
    });
    return running;
  };
  return { run, current: () => running };
}
