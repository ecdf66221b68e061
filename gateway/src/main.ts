import cluster from "node:cluster";
import "./telemetry-off";
import "./tracing";
import type { ContentSettings } from "@pap/content";
import { ConfigurationError, createLogger, joinPlatformMetrics } from "@pap/core";
import type { AuthSettings } from "@pap/kernel/auth";
import { rateLimitSettingsFromEnv } from "@pap/kernel/http";
import { describeDatabase, databaseConfigFromEnv } from "@pap/db";
import { prepareAuthSettings } from "./auth";
import { describeContent, prepareContentSettings } from "./content";
import { openApiPath, restOptionsFromEnv } from "@pap/rest-compat";
import { apiReferencePath } from "./api-reference";
import { platformConfig } from "./config";
import { checkBeforeStart } from "./launch-check";
import { startAgencySimulator, type AgencySimulator } from "./modes/agency-simulator";
import { startEligibilityAdapter, type EligibilityAdapter } from "./modes/eligibility-adapter";
import { stopOnSignals } from "./modes/signals";

// Loaded once the reference services are booting in their own processes: loading the platform builds
// every subgraph's schema, the larger part of a start, and can overlap their boot (see main).
const platformModule = () => require("./platform") as typeof import("./platform");
const distributedModule = () => require("./modes/distributed") as typeof import("./modes/distributed");
const clusterModule = () => require("./modes/cluster") as typeof import("./modes/cluster");

// `npm start` (single process), `npm run start:distributed`, `npm run start:cluster`.
async function main() {
  // Before anything is written or started: a refused configuration leaves no trace (the cluster's
  // workers run this file again, after their primary passed the check).
  if (!cluster.isWorker) checkBeforeStart(process.argv.slice(2), process.env);
  const config = platformConfig();
  const logger = createLogger("platform");
  // Before any child process starts: in development mode they inherit the local signing key.
  const auth = prepareAuthSettings();
  // Likewise the content store's directory and signing secret; a production start without a scanner stops here.
  const content = prepareContentSettings();

  if (cluster.isWorker) {
    joinPlatformMetrics("platform");
    const platform = await platformModule().startPlatform({
      database: databaseConfigFromEnv(),
      host: config.host,
      port: config.port,
      logger,
      migrate: false,
    });
    stopOnSignals(() => platform.close());
    return;
  }

  // Before any other process starts, so that all of them inherit their addresses. Neither needs the
  // other's, so both boot at once; each mode below loads its modules before waiting for them.
  const references = Promise.all([
    startEligibilityAdapter(process.env, config.host, logger),
    startAgencySimulator(process.env, config.host, logger),
  ]);
  const referencesStarted = async () => {
    const [adapter, agencies] = await references;
    const stopWith = (stop: () => Promise<unknown>) => stopOnSignals(() => Promise.all([stop(), adapter.stop(), agencies.stop()]));
    return { adapter, agencies, stopWith };
  };

  if (config.mode === "distributed") {
    const { runDistributed } = distributedModule();
    const { adapter, agencies, stopWith } = await referencesStarted();
    const running = await runDistributed(config, logger);
    printBanner(
      "distributed: each subgraph, the gateway and rest-compat in their own process",
      config,
      running.urls,
      auth,
      adapter,
      agencies,
      content,
    );
    stopWith(() => running.stop());
    return;
  }

  if (config.mode === "cluster") {
    const { runClusterPrimary } = clusterModule();
    const { adapter, agencies, stopWith } = await referencesStarted();
    const running = await runClusterPrimary(config, logger);
    const base = `http://${config.host}:${config.port}`;
    printBanner(
      `cluster: ${running.workers} workers, each running the whole stack`,
      config,
      { graphql: `${base}/graphql`, rest: base },
      auth,
      adapter,
      agencies,
      content,
    );
    stopWith(() => running.stop());
    return;
  }

  const { startPlatform } = platformModule();
  const { adapter, agencies, stopWith } = await referencesStarted();
  const platform = await startPlatform({ database: config.database, host: config.host, port: config.port, logger });
  printBanner(
    "single process: gateway, subgraphs and REST together",
    config,
    { graphql: `${platform.url}/graphql`, rest: platform.url },
    auth,
    adapter,
    agencies,
    content,
  );
  stopWith(() => platform.close());
}

function printBanner(
  mode: string,
  config: ReturnType<typeof platformConfig>,
  urls: Record<string, string>,
  auth: AuthSettings,
  adapter: EligibilityAdapter,
  agencies: AgencySimulator,
  content: ContentSettings,
) {
  const rest = urls.rest ?? "";
  const platformBase = restOptionsFromEnv().platformBasePath;
  const lines = [
    "",
    "Public Assistance Platform is running",
    `  mode        ${mode}`,
    `  database    ${describeDatabase(config.database)}`,
    `  dashboard   ${urls.graphql?.replace(/\/graphql$/, "/dashboard")} (live: queues, SLA clocks, applications, my work, events)`,
    `  GraphQL     ${urls.graphql} (in a browser: the GraphQL IDE; subscriptions: ${urls.graphql?.replace(/^http/, "ws")})`,
    `  REST        ${rest}/persons, ${rest}/case-management/cases, ${rest}/scheduling/appointments, ${rest}/identity-access/users, ${rest}${platformBase}/events`,
    `  events      ${rest}${platformBase}/events/stream (server-sent events)`,
    `  API docs    ${rest}${apiReferencePath} (in a browser: every REST operation; the document: ${rest}${openApiPath})`,
    `  health      ${rest}/healthz, ${rest}/readyz`,
    `  metrics     ${rest}/metrics (Prometheus; METRICS_TOKEN, or this machine only)`,
    `  index       ${rest}/ (every link above)`,
    `  eligibility ${adapter.url} (${adapter.reference ? "the reference adapter; set ELIGIBILITY_ADAPTER_URL to use your own" : "ELIGIBILITY_ADAPTER_URL"})`,
    `  ${describeContent(content)}`,
    `  limits      ${describeLimits()}`,
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

/** Whether per-caller limits are on, and whether the hosts behind one load balancer share them. */
function describeLimits(): string {
  const limits = rateLimitSettingsFromEnv();
  if (!limits.enabled) return "off (RATE_LIMIT=true, or NODE_ENV=production, turns them on)";
  const per = `${limits.max} requests per ${limits.windowMs / 1000} s per caller`;
  return limits.redisUrl
    ? `${per}, counted in Redis at ${new URL(limits.redisUrl).host} for every host together`
    : `${per}, counted in each process (RATE_LIMIT_REDIS_URL shares the count between hosts)`;
}

main().catch((error) => {
  // A setting a package could not use is a message for the operator, not a stack trace.
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
});
