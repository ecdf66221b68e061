import cluster from "node:cluster";
import "./telemetry-off";
import "./tracing";
import type { ContentSettings } from "@pap/content";
import { describeDatabase, databaseConfigFromEnv } from "@pap/db";
import { createLogger, type AuthSettings } from "@pap/kernel";
import { prepareAuthSettings } from "./auth";
import { describeContent, prepareContentSettings } from "./content";
import { restOptionsFromEnv } from "@pap/rest-compat";
import { platformConfig } from "./config";
import { runClusterPrimary } from "./modes/cluster";
import { runDistributed } from "./modes/distributed";
import { startAgencySimulator, type AgencySimulator } from "./modes/agency-simulator";
import { startEligibilityAdapter, type EligibilityAdapter } from "./modes/eligibility-adapter";
import { stopOnSignals } from "./modes/signals";
import { startPlatform } from "./platform";

// `npm start` (single process), `npm run start:distributed`, `npm run start:cluster`.
async function main() {
  const config = platformConfig();
  const logger = createLogger("platform");
  // Before any child process starts: in development mode they inherit the local signing key.
  const auth = prepareAuthSettings();
  // Likewise the content store's directory and signing secret; a production start without a scanner stops here.
  const content = prepareContentSettings();

  if (cluster.isWorker) {
    const platform = await startPlatform({ database: databaseConfigFromEnv(), host: config.host, port: config.port, logger, migrate: false });
    stopOnSignals(() => platform.close());
    return;
  }

  // Before any other process starts, so that all of them inherit its address.
  const adapter = await startEligibilityAdapter(process.env, config.host, logger);
  const agencies = await startAgencySimulator(process.env, config.host, logger);
  const stopWithReferences = (stop: () => Promise<unknown>) => stopOnSignals(() => Promise.all([stop(), adapter.stop(), agencies.stop()]));

  if (config.mode === "distributed") {
    const running = await runDistributed(config, logger);
    printBanner("distributed: each subgraph, the gateway and rest-compat in their own process", config, running.urls, auth, adapter, agencies, content);
    stopWithReferences(() => running.stop());
    return;
  }

  if (config.mode === "cluster") {
    const running = await runClusterPrimary(config, logger);
    const base = `http://${config.host}:${config.port}`;
    printBanner(`cluster: ${running.workers} workers, each running the whole stack`, config, { graphql: `${base}/graphql`, rest: base }, auth, adapter, agencies, content);
    stopWithReferences(() => running.stop());
    return;
  }

  const platform = await startPlatform({ database: config.database, host: config.host, port: config.port, logger });
  printBanner("single process: gateway, subgraphs and REST together", config, { graphql: `${platform.url}/graphql`, rest: platform.url }, auth, adapter, agencies, content);
  stopWithReferences(() => platform.close());
}

function printBanner(mode: string, config: ReturnType<typeof platformConfig>, urls: Record<string, string>, auth: AuthSettings, adapter: EligibilityAdapter, agencies: AgencySimulator, content: ContentSettings) {
  const rest = urls.rest ?? "";
  const platformBase = restOptionsFromEnv().platformBasePath;
  const lines = [
    "",
    "Public Assistance Platform is running",
    `  mode        ${mode}`,
    `  database    ${describeDatabase(config.database)}`,
    `  GraphQL     ${urls.graphql} (in a browser: the GraphQL IDE; subscriptions: ${urls.graphql?.replace(/^http/, "ws")})`,
    `  REST        ${rest}/persons, ${rest}/case-management/cases, ${rest}/scheduling/appointments, ${rest}/identity-access/users, ${rest}${platformBase}/events`,
    `  events      ${rest}${platformBase}/events/stream (server-sent events)`,
    `  OpenAPI     ${rest}/openapi.json`,
    `  health      ${rest}/healthz, ${rest}/readyz`,
    `  metrics     ${rest}/metrics (Prometheus; METRICS_TOKEN, or this machine only)`,
    `  index       ${rest}/ (every link above)`,
    `  eligibility ${adapter.url} (${adapter.reference ? "the reference adapter; set ELIGIBILITY_ADAPTER_URL to use your own" : "ELIGIBILITY_ADAPTER_URL"})`,
    `  ${describeContent(content)}`,
    `  agencies    ${agencies.url} (${agencies.reference ? "the reference agency simulator; set DATA_EXCHANGE_AGENCY_URL to use real agencies" : "DATA_EXCHANGE_AGENCY_URL"})`,
    auth.mode === "development"
      ? `  auth        DEVELOPMENT mode: tokens signed with a key local to this machine; get one with\n              curl '${rest}/dev/token?role=case_worker' and send it as 'Authorization: Bearer <token>'\n              (token claims: X-API-Key: ${auth.apiKeys[0]})`
      : `  auth        ${auth.mode}${auth.mode === "jwt" ? ` (issuer ${auth.issuer || "any"}, audience ${auth.audience})` : " (X-Caller-Id / X-Caller-Roles from the trusted proxy)"}`,
    ...Object.entries(urls)
      .filter(([name]) => name.startsWith("subgraph "))
      .map(([name, url]) => `  ${name.padEnd(24)} ${url}`),
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
