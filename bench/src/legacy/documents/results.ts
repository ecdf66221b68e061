import type { StopOutcome } from "../modes";
import { mbPerSecond, median, type Sample } from "./sample";

/** The platform without a scanner (VIRUS_SCAN=off), or with clamd named by CLAMD_URL. */
export type SessionName = "plain" | "clamd";

/** Floors are measured by the benchmark itself on the store's filesystem; the rest through the platform. */
export type MeasureName = "copy" | "copyHash" | "readHash" | "copiesAtOnce" | "upload" | "download" | "uploadsAtOnce";

/** One measurement of one round; a failure instead of a sample leaves the figure out (and the run invalid). */
export type Measured = { session: SessionName; round: number; measure: MeasureName; load: number; sample?: Sample; failure?: string };

/** How a platform start went, and the start banner's line about documents (where kept, whether scanned). */
export type SessionFacts = { startSeconds: number; stop: StopOutcome | null; documentsLine: string };

export type DocumentResults = {
  measured: Measured[];
  sessions: Partial<Record<SessionName, SessionFacts>>;
  /** Anything that makes the figures invalid: failures, bytes stored or served wrong, a scan skipped. */
  problems: string[];
};

/** A measurement's MB/s by round, in the order of the rounds, for one session (or all sessions). */
export function ratesOf(results: DocumentResults, measure: MeasureName, session?: SessionName): Map<string, number> {
  return new Map(
    results.measured
      .filter((m) => m.measure === measure && m.sample && (!session || m.session === session))
      .map((m) => [`${m.session}#${m.round}`, mbPerSecond(m.sample!)]),
  );
}

export type Comparison = { rates: number[]; floorRates: number[]; ratio: number; roundRatios: number[] };

/**
 * A platform figure against a floor measured in the same rounds of the same session: the ratio of the
 * medians, and each round's own ratio, whose spread says how much the machine's noise moved it.
 */
export function compare(results: DocumentResults, measure: MeasureName, session: SessionName, floor: MeasureName): Comparison {
  const ours = ratesOf(results, measure, session);
  const theirs = ratesOf(results, floor, session);
  const roundRatios = [...ours].flatMap(([round, rate]) => (theirs.has(round) ? [rate / theirs.get(round)!] : []));
  const rates = [...ours.values()];
  const floorRates = [...theirs.values()];
  return { rates, floorRates, ratio: median(rates) / median(floorRates), roundRatios };
}
