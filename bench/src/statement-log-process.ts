import { appendFileSync } from "node:fs";
import { createLogger } from "@pap/core";
import { platformConfig, startPlatform } from "@pap/gateway";

/**
 * The platform as `npm start` runs it in a single process (the same startPlatform, the same settings),
 * writing every SQL statement it sends, with its parameters, as a line of JSON to STATEMENT_LOG: what
 * the scale suite's plan checks explain. Only for those checks: writing each statement costs time.
 */
const file = process.env.STATEMENT_LOG;
if (!file) throw new Error("STATEMENT_LOG names no file");
const config = platformConfig();

void startPlatform({
  database: config.database,
  host: config.host,
  port: config.port,
  logger: createLogger("platform"),
  onQuery: (sql, params) => appendFileSync(file, `${JSON.stringify({ sql, params: JSON.parse(params) as unknown })}\n`),
}).then(
  (platform) => {
    process.stdout.write(`statement-logging platform is running at ${platform.url}\n`);
    const stop = () => void platform.close().finally(() => process.exit(0));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  },
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
