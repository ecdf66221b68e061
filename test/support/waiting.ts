/**
 * Waiting in tests: for a condition, never for a set time. A wait ends as soon as what it waits for
 * holds; its budget only has to outlast a busy machine.
 */

/**
 * How long a wait lasts before it fails. A long budget costs nothing when all is well; it only has to
 * outlast a busy CI machine (2 cores, other work running), where a delivery can take seconds.
 */
export const WAIT_MS = 30_000;

/** How often `until` asks something outside the test's process (an HTTP API, a page, an agency). */
const REMOTE_POLL_MS = 50;

const elapse = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `read` every `intervalMs` until it gives a value (not `undefined`), and answers it; fails naming `what` after `timeoutMs`. */
export async function waitForValue<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = WAIT_MS,
  intervalMs = 5,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await elapse(intervalMs);
  }
}

/** Polls `condition` every `intervalMs` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = WAIT_MS,
  intervalMs = 5,
): Promise<void> {
  await waitForValue(async () => ((await condition()) ? true : undefined), what, timeoutMs, intervalMs);
}

/** `waitFor` at the pace for asking another process or a page, so the asking does not load it: "until `what`, `condition`". */
export const until = (what: string, condition: () => boolean | Promise<boolean>, timeoutMs = WAIT_MS): Promise<void> =>
  waitFor(condition, what, timeoutMs, REMOTE_POLL_MS);

/**
 * Waits until this machine's clock has passed `instant` (an ISO date-time the platform stamped), so
 * that the platform's next stamp is later than it: a change's `updatedAt` after its `createdAt`.
 */
export const untilClockPasses = (instant: string): Promise<void> =>
  waitFor(() => Date.now() > Date.parse(instant), `the clock to pass ${instant}`, WAIT_MS, 1);

/**
 * A window of time, for the few things no condition can say: that nothing more arrives (after every
 * expected delivery was taken), that something has not happened yet, or load spread out on purpose.
 * Never a wait for something to happen: that is `waitFor`.
 */
export const pause = (ms: number): Promise<void> => elapse(ms);

/** After the last expected delivery was taken, how long a test watches for deliveries that should not come. */
export const GRACE_MS = 200;
