import type { Transform } from "node:stream";

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

export type VirusScanner = {
  /** e.g. "tcp://127.0.0.1:3310" */
  readonly address: string;
  /**
   * A pass-through stream: bytes written to it flow out unchanged (to the store) and to the scanner at
   * the same time, with backpressure; `verdict` settles once the scanner has judged everything that
   * passed (rejects with ScannerUnavailable if the daemon cannot be reached, drops the connection, or
   * answers something unexpected such as a size-limit error).
   *
   * The stream ends only after a clean verdict: on any other outcome it fails instead (with
   * ContentInfected or ScannerUnavailable), so a destination that keeps bytes only on a complete
   * stream never keeps unjudged or infected ones.
   */
  scanning(): { stream: Transform; verdict: Promise<ScanVerdict> };
  /** Answers whether the daemon responds to PING (for start-up checks). */
  ping(): Promise<boolean>;
};
