/**
 * Milliseconds with sub-millisecond resolution on the wall-clock scale. Worker threads share the
 * process's time origin, so a send stamped in the publisher thread and a receipt stamped in the main
 * thread subtract meaningfully (Date.now() would round both to whole milliseconds).
 */
export const now = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of an ascending array; NaN for an empty one, so a missing figure shows as such. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}
