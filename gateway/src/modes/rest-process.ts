import "../telemetry-off";
import "../tracing";
import { joinPlatformMetrics } from "@pap/kernel";
import { startRestService } from "./rest-service";
import { stopOnSignals } from "./signals";

// rest-compat alone (distributed mode), translating REST into operations on the gateway at GRAPHQL_URL.
async function main() {
  const graphqlUrl = process.env.GRAPHQL_URL;
  if (!graphqlUrl) throw new Error("GRAPHQL_URL is required");
  joinPlatformMetrics("rest-compat");
  const service = await startRestService({ graphqlUrl, host: process.env.HOST ?? "127.0.0.1", port: Number(process.env.PORT) });
  stopOnSignals(() => service.close());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
