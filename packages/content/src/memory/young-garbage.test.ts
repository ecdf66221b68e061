import { PerformanceObserver, constants, type PerformanceEntry } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { digestingSink, patternDigest, patternStream } from "../test-support/streams";
import { YOUNG_GARBAGE_BUDGET_BYTES, youngGarbageCollecting } from "./young-garbage";

/** A young-generation collection a program asked for (rather than one V8 decided on). */
const isRequestedScavenge = (entry: PerformanceEntry) => {
  const { detail } = entry as PerformanceEntry & { detail: { kind: number; flags: number } };
  return detail.kind === constants.NODE_PERFORMANCE_GC_MINOR && (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0;
};

it("passes every byte through unchanged, asking for a young-generation collection once per budget streamed", async () => {
  let requested = 0;
  const observer = new PerformanceObserver((list) => (requested += list.getEntries().filter(isRequestedScavenge).length));
  observer.observe({ entryTypes: ["gc"] });
  try {
    const size = 3 * YOUNG_GARBAGE_BUDGET_BYTES + 12345;
    const { sink, digest } = digestingSink();
    await pipeline(patternStream(size), youngGarbageCollecting(), sink);
    expect(digest()).toEqual(patternDigest(size));

    // Collections are reported on a later turn of the event loop than the one they ran in.
    const deadline = Date.now() + 10_000;
    while (requested < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // One per 8 MiB, not one per chunk: the 12345 bytes beyond the third budget wait for the next bytes.
    expect(requested).toBe(3);
  } finally {
    observer.disconnect();
  }
});
