import "../telemetry-off";
import { createAuthenticator, createLogger, httpGraphExecutor, webSocketGraphSubscriber } from "@pap/kernel";
import { prepareAuthSettings } from "../auth";
import { platformRequirements } from "../requirements";
import { createHttpApp } from "../http-app";
import { stopOnSignals } from "./signals";

// rest-compat alone (distributed mode), translating REST into operations on the gateway at GRAPHQL_URL.
async function main() {
  const logger = createLogger("rest-compat");
  const graphqlUrl = process.env.GRAPHQL_URL;
  if (!graphqlUrl) throw new Error("GRAPHQL_URL is required");
  const subscribe = webSocketGraphSubscriber(graphqlUrl);
  const auth = prepareAuthSettings();
  const app = await createHttpApp({
    logger,
    rest: { execute: httpGraphExecutor(graphqlUrl), subscribe, authenticate: createAuthenticator(auth), requirementOf: platformRequirements },
    ready: async () => (await fetch(graphqlUrl.replace(/\/graphql$/, "/healthz"))).ok,
    auth,
  });
  await app.listen({ host: process.env.HOST ?? "127.0.0.1", port: Number(process.env.PORT) });
  stopOnSignals(async () => {
    await app.close();
    await subscribe.close();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
