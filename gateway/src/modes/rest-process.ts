import "../telemetry-off";
import "../tracing";
import { joinPlatformMetrics, readSetting } from "@pap/core";
import { startRestService } from "./rest-service";
import { stopOnSignals } from "./signals";

// rest-compat alone (distributed mode), translating REST into operations on the gateway at GRAPHQL_URL
// (`http://` or `https://`).
async function main() {
  const graphqlUrl = readSetting("GRAPHQL_URL");
  if (!graphqlUrl) throw new Error("GRAPHQL_URL is required");
  // Read so that a CA file Node could not load stops the start here, not every call to an https:// gateway later.
  readSetting("NODE_EXTRA_CA_CERTS");
  joinPlatformMetrics("rest-compat");
  const service = await startRestService({ graphqlUrl, host: readSetting("HOST"), port: readSetting("PORT") });
  stopOnSignals(() => service.close());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
