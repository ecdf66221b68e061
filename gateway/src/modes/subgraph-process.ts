import "../telemetry-off";
import "../tracing";
import { createLogger, joinPlatformMetrics, readSetting } from "@pap/core";
import { createSubgraphServer } from "@pap/kernel/http";
import { databaseConfigFromEnv } from "@pap/db";
import { openProcessServices } from "../services";
import { subgraphs } from "../subgraphs";
import { stopOnSignals } from "./signals";

// One subgraph served alone (distributed mode): `node subgraph-process.js <name>` with PORT and DATABASE_URL.
async function main() {
  const name = process.argv[2];
  const subgraph = subgraphs.find((candidate) => candidate.name === name);
  if (!subgraph) throw new Error(`unknown subgraph '${name}'; known: ${subgraphs.map((s) => s.name).join(", ")}`);
  const logger = createLogger(`subgraph-${subgraph.name}`);
  joinPlatformMetrics(`subgraph-${subgraph.name}`);
  const hosted = await openProcessServices({ database: databaseConfigFromEnv(), logger, hosted: [subgraph], migrate: false });
  const app = await createSubgraphServer(subgraph, hosted.services, logger);
  await app.listen({ host: readSetting("HOST"), port: readSetting("PORT") });
  stopOnSignals(async () => {
    await app.close();
    await hosted.close();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
