import { clamdScanner } from "./clamd";
import type { VirusScanner } from "./virus-scanner";

export { ContentInfected, ScannerUnavailable } from "./errors";
export type { ScanVerdict, VirusScanner } from "./virus-scanner";

/** The scanner CLAMD_URL names; none when it is unset. */
export function scannerFromEnv(env: NodeJS.ProcessEnv): VirusScanner | undefined {
  const url = env.CLAMD_URL?.trim();
  if (!url) return undefined;
  try {
    return clamdScanner(url);
  } catch {
    throw new Error(`CLAMD_URL must be tcp://host:port, not '${url}'.`);
  }
}
