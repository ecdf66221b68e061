/**
 * Calls each of `tasks` once every `intervalMs`, one at a time and evenly spread over the interval
 * (task 0, then task 1 `intervalMs / n` later, …), instead of all of them together. Returns the stop.
 *
 * Durable consumers poll as a safety net beside the hub's wake-ups; polled together, fifteen of them
 * started fifteen database transactions in the same instant every second, a burst of tens of
 * milliseconds that every request and event delivery in the process waited behind.
 */
export function staggered(tasks: readonly (() => void)[], intervalMs: number): () => void {
  if (tasks.length === 0) return () => {};
  let next = 0;
  const timer = setInterval(() => {
    const task = tasks[next]!;
    next = (next + 1) % tasks.length;
    task();
  }, intervalMs / tasks.length);
  timer.unref();
  return () => clearInterval(timer);
}
