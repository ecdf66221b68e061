import type { Sample } from "./load/client";

/**
 * A fault as the report gives it: when it struck, how long until a write sent after it was acknowledged
 * (a write sent before the fault and answered after it proves nothing of the platform's recovery), and
 * the p99 of every request answered within `aroundMs` of it.
 */
export type FaultWindow = { fault: string; at: number; firstWriteAfterMs: number | null; p99AroundMs: number; requestsAround: number };

export function windowOf(fault: string, at: number, samples: Sample[], aroundMs = 30_000): FaultWindow {
  const firstWrite = samples
    .filter((sample) => sample.write && sample.ok && sample.at - sample.latencyMs >= at)
    .sort((a, b) => a.at - b.at)[0];
  const around = samples.filter((sample) => sample.at >= at - aroundMs && sample.at <= at + aroundMs).map((sample) => sample.latencyMs);
  return {
    fault,
    at,
    firstWriteAfterMs: firstWrite ? firstWrite.at - at : null,
    p99AroundMs: percentile(around, 0.99),
    requestsAround: around.length,
  };
}

export function percentile(values: number[], fraction: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export function describeWindows(windows: FaultWindow[], samples: Sample[]): string {
  const lines = windows.map(
    (window) =>
      `  ${window.fault.padEnd(34)} unavailable ${window.firstWriteAfterMs === null ? "—" : `${(window.firstWriteAfterMs / 1000).toFixed(1)} s`}` +
      ` (to the first write sent after it and acknowledged); p99 within ±30 s ${window.p99AroundMs} ms over ${window.requestsAround} requests`,
  );
  const all = samples.map((sample) => sample.latencyMs);
  return [
    `HA fault test: ${samples.length} requests, ${samples.filter((sample) => sample.ok).length} acknowledged, p99 ${percentile(all, 0.99)} ms over the run`,
    ...lines,
  ].join("\n");
}
