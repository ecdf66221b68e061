/**
 * How long a decision or screening the adapter could not give waits before it is asked again: 30
 * seconds after the first failure, doubling, at most an hour. Within each attempt the client already
 * retries quick failures; this is the slow, durable loop that outlasts an adapter being down.
 */
export const retrySchedule = { firstMs: 30_000, maxMs: 3_600_000 } as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(retrySchedule.firstMs * 2 ** Math.max(0, attempts - 1), retrySchedule.maxMs);
}
