import { listenSettingsFromEnv, runMain, serveAsProcess } from "@pap/reference-process";
import { buildServer } from "./http/server";
import { timeZoneFromEnv } from "./engine/dates";
import { utilityAllowancesFromEnv } from "./rules";

/**
 * The reference eligibility adapter as its own process. PORT (default 4010) and HOST (default
 * 127.0.0.1) say where it listens; SNAP_SUA_HEATING_COOLING and SNAP_SUA_LIMITED give the state's
 * utility allowances; PLATFORM_TIME_ZONE (default UTC) whose date an evaluation without an
 * evaluationDate is made on, the platform's; LOG_LEVEL (default info) its logging. Stops cleanly on SIGTERM and SIGINT.
 */
runMain(async () => {
  const { port, host, logger } = listenSettingsFromEnv(4010);
  const app = buildServer({ utilityAllowances: utilityAllowancesFromEnv(), timeZone: timeZoneFromEnv(), logger });
  await serveAsProcess(app, {
    name: "Reference eligibility adapter",
    port,
    host,
    describe: (url) => `POST ${url}/evaluate/expedited-screening, /evaluate/medicaid-ex-parte, /evaluate/determination`,
  });
});
