import { listenSettingsFromEnv, runMain, serveAsProcess } from "@pap/reference-process";
import { controlFromEnv } from "./control";
import { buildServer } from "./http/server";

/**
 * The reference agency simulator as its own process. PORT (default 4020) and HOST (default 127.0.0.1)
 * say where it listens; AGENCY_SIMULATOR_TOKEN, when set, is the bearer token agency routes require;
 * AGENCY_SIMULATOR_LATENCY_MS, _FAILURE_RATE, _FAILING and _SLOW_MS are the control switch's start-up
 * settings; LOG_LEVEL (default info) its logging. Stops cleanly on SIGTERM and SIGINT.
 */
runMain(async () => {
  const { port, host, logger } = listenSettingsFromEnv(4020);
  const token = process.env.AGENCY_SIMULATOR_TOKEN?.trim() || undefined;
  const app = buildServer({ token, control: controlFromEnv(), logger });
  await serveAsProcess(app, {
    name: "Reference agency simulator",
    port,
    host,
    describe: (url) => `POST ${url}/agencies/{serviceType}; switch at ${url}/control`,
  });
});
