import type { Logger } from "@pap/core";
import { startReferenceProcess, type ReferenceProcess } from "./reference-process";

/** The outside agencies the data-exchange domain calls, and how to stop the simulator if the launcher started it. */
export type AgencySimulator = ReferenceProcess;

/**
 * The agencies named by `DATA_EXCHANGE_AGENCY_URL` (a gateway to the real ones), or else the reference
 * agency simulator (`@pap/agency-simulator`) started here as a child process, in every mode, on
 * `AGENCY_SIMULATOR_PORT` (by default a port the system picks). The launcher sets
 * `DATA_EXCHANGE_AGENCY_URL` before any other process starts, so every process of the platform calls
 * the same simulator. The child inherits the environment, so the `AGENCY_SIMULATOR_*` settings (token,
 * latency, failures) reach it.
 */
export function startAgencySimulator(env: NodeJS.ProcessEnv, host: string, logger: Logger): Promise<AgencySimulator> {
  return startReferenceProcess({
    name: "the reference agency simulator",
    module: "@pap/agency-simulator/dist/main.js",
    urlEnv: "DATA_EXCHANGE_AGENCY_URL",
    portEnv: "AGENCY_SIMULATOR_PORT",
    env,
    host,
    logger,
  });
}
