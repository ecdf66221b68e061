import path from "node:path";
import { authorize } from "../auth";
import { createDatabase, migrate } from "../database";
import { startMode, type RunningMode } from "../modes";
import { firstLine, onInterrupt, runMain } from "../process";
import { machineFacts } from "../report";
import { personColumnsFrom } from "../person-columns";
import { seed } from "../seed";
import { startHive, type HiveGateway } from "./hive";
import { measureGraphql } from "./load";
import { gatewayScenarios } from "./queries";
import { formatRatio, loadAverage, ratioOf, writeGatewayReport, type GatewayName, type GatewayRow } from "./report";
import { checkSameAnswers } from "./same-answers";
import { gatewaySettingsFromEnv } from "./settings";
import { subgraphUrlsFromBanner } from "./supergraph-urls";
import { seedTasks } from "./tasks-seed";

// `npm run bench:gateway`: our gateway against Hive Gateway over the same subgraph processes.
async function main(): Promise<number> {
  const startedAt = new Date();
  const settings = gatewaySettingsFromEnv();
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);
  const loadBefore = loadAverage();
  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}`);

  const database = await createDatabase(settings.adminUrl);
  let platform: RunningMode | null = null;
  let hive: HiveGateway | null = null;
  const stopAll = async () => {
    await hive?.stop();
    await platform?.stop();
  };
  const cleanUp = onInterrupt(async () => {
    await stopAll();
    await database.drop();
  });

  const rows: GatewayRow[] = [];
  let seeded = "";
  try {
    log(`database ${database.name}: migrating and seeding`);
    await migrate(settings.repositoryRoot, database.url);
    const data = await seed(database.url, personColumnsFrom(settings.repositoryRoot));
    const tasks = await seedTasks(database.url);
    const { counts } = data;
    seeded = `${counts.persons} persons, ${counts.cases} cases (${counts.caseMembers} members), ${counts.appointments} appointments, ${tasks} tasks`;
    log(`seeded ${seeded}`);

    // Subgraph settings both gateways share. The per-caller rate limit (on with NODE_ENV=production)
    // would refuse a single caller's load at our gateway alone; Hive has none. Seven subgraph
    // processes with the default pool of 20 would outgrow PostgreSQL's 100 connections under load.
    process.env.RATE_LIMIT = "false";
    process.env.DATABASE_POOL_SIZE ??= "8";
    platform = await startMode("distributed", { repositoryRoot: settings.repositoryRoot, databaseUrl: database.url, port: settings.basePort });
    log(`distributed platform ready in ${platform.startSeconds.toFixed(1)} s`);
    await authorize();
    const subgraphUrls = subgraphUrlsFromBanner(platform.output());
    hive = await startHive({ supergraphPath: path.join(settings.repositoryRoot, "gateway", "supergraph.graphql"), subgraphUrls, port: settings.basePort + 90 });
    log(`Hive Gateway ready over ${Object.keys(subgraphUrls).length} subgraphs`);
    const bases: Record<GatewayName, string> = { ours: platform.graphqlBase, hive: hive.base };

    for (const scenario of gatewayScenarios) {
      const compared = await checkSameAnswers(scenario, scenario.calls(data), bases);
      log(`${scenario.id}: both gateways gave the same ${compared} answer(s)`);
    }

    // Both gateways and every subgraph process start cold (JIT, pools, plan caches): an unreported
    // pass over each scenario on each gateway first, or the first gateway measured pays for both.
    for (const scenario of gatewayScenarios) {
      for (const gateway of ["ours", "hive"] as const) {
        const warm = await measureGraphql(bases[gateway], scenario.calls(data), { ...settings, warmupSeconds: 0, durationSeconds: settings.warmupSeconds * 2 });
        log(`warm-up ${scenario.id} ${gateway}: ${warm.requestsPerSecond.toFixed(0)} req/s (not reported)${warm.errors ? `, ${warm.errors} errors (${warm.errorDetail})` : ""}`);
      }
    }

    for (let round = 1; round <= settings.rounds; round++) {
      const order: GatewayName[] = round % 2 === 1 ? ["ours", "hive"] : ["hive", "ours"];
      for (const scenario of gatewayScenarios) {
        for (const gateway of order) {
          try {
            const measurement = await measureGraphql(bases[gateway], scenario.calls(data), settings);
            const exit = platform.exit() ?? hive.exit();
            if (exit) throw new Error(`a server exited during the load (${exit})\n${platform.output()}\n${hive.output()}`);
            rows.push({ round, scenario, gateway, measurement });
            log(`round ${round} ${scenario.id} ${gateway}: ${measurement.requestsPerSecond.toFixed(0)} req/s, p50 ${measurement.p50} ms, p99 ${measurement.p99} ms${measurement.errors ? `, ${measurement.errors} ERRORS (${measurement.errorDetail})` : ""}`);
          } catch (error) {
            log(`round ${round} ${scenario.id} ${gateway}: FAILED ${(error as Error).message}`);
            rows.push({ round, scenario, gateway, measurement: null, failure: firstLine((error as Error).message) });
          }
        }
      }
    }
  } finally {
    await stopAll().catch((error) => process.stderr.write(`stopping: ${(error as Error).message}\n`));
    await database.drop().catch((error) => process.stderr.write(`could not drop ${database.name}: ${(error as Error).message}\n`));
    cleanUp();
  }

  for (const scenario of gatewayScenarios) log(`${scenario.id}: ours ÷ Hive = ${formatRatio(ratioOf(rows, scenario.id))}`);
  const file = path.join(settings.repositoryRoot, "bench", "results", "gateway-latest.md");
  await writeGatewayReport(file, rows, {
    settings,
    startedAt,
    totalSeconds: elapsed(),
    seeded,
    ourGateway: `the distributed mode's gateway process: Apollo Server 5 over \`@apollo/gateway\` 2.14.4, calling the subgraphs over HTTP; GATEWAY_WORKERS=${process.env.GATEWAY_WORKERS ?? "unset (default)"}, SUBGRAPH_MERGE_IN_FLIGHT=${process.env.SUBGRAPH_MERGE_IN_FLIGHT ?? "unset (default: on)"}`,
    load: [loadBefore, loadAverage()],
  });
  log(`written ${path.relative(process.cwd(), file)}`);
  return rows.some((row) => row.failure || row.measurement?.errors) ? 1 : 0;
}

runMain(main);
