import type { Logger } from "@pap/core";
import { startReferenceProcess, type ReferenceProcess } from "./reference-process";

/** The eligibility adapter the platform's processes call, and how to stop it if the launcher started it. */
export type EligibilityAdapter = ReferenceProcess;

/**
 * The adapter named by `ELIGIBILITY_ADAPTER_URL` (a state's own rules engine), or else the reference
 * adapter (`@pap/eligibility-reference`) started here as a child process, in every mode. It listens
 * on `ELIGIBILITY_ADAPTER_PORT`, by default a port the system picks, so no mode's ports can collide
 * with it. The launcher sets `ELIGIBILITY_ADAPTER_URL` before any other process starts, so every
 * process of the platform inherits the same address.
 */
export function startEligibilityAdapter(env: NodeJS.ProcessEnv, host: string, logger: Logger): Promise<EligibilityAdapter> {
  return startReferenceProcess({
    name: "the reference eligibility adapter",
    module: "@pap/eligibility-reference/dist/main.js",
    urlEnv: "ELIGIBILITY_ADAPTER_URL",
    portEnv: "ELIGIBILITY_ADAPTER_PORT",
    env,
    host,
    logger,
  });
}
