/**
 * Preloaded into a benchmark's servers to see their garbage collection beside the figures:
 * `BENCH_NODE_ARGS="--require ./bench/dist/gc-log.js" node bench/dist/run.js --suite events`, and
 * `BENCH_GC_LOG_DIR` (default the system's temporary folder) gets `gc-<pid>.log`, one line per
 * collection: the wall-clock instant in ms, its kind (1 scavenge, 2 mark-compact, 4 incremental
 * marking, 8 weak callbacks), its pause in ms, and the heap in use after it in MiB. The suite's own
 * log has the instants of its phases, so the pauses of a window (event delivery, say) can be read off.
 */
import { openSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";

const file = openSync(path.join(process.env.BENCH_GC_LOG_DIR ?? tmpdir(), `gc-${process.pid}.log`), "a");

// A collection's entry carries its kind in `detail`, which Node's types do not declare on every entry.
const kindOf = (entry: PerformanceEntry) => (entry as PerformanceEntry & { detail?: { kind?: number } | null }).detail?.kind ?? 0;

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const at = Math.round(performance.timeOrigin + entry.startTime);
    const heapMiB = getHeapStatistics().used_heap_size >> 20;
    writeSync(file, `${at} ${kindOf(entry)} ${entry.duration.toFixed(1)} ${heapMiB}\n`);
  }
}).observe({ entryTypes: ["gc"] });
