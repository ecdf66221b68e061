/**
 * Runs `task` one at a time, however often it is asked for: a request that arrives while it runs
 * asks for exactly one more run after it (many wake-ups, one catch-up). `current` is the run in
 * progress, for waiting on it when stopping.
 */
export function serialized(task: () => Promise<void>): { run(): Promise<void>; current(): Promise<void> | undefined } {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = task().finally(() => {
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
