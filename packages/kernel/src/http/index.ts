export * from "./apollo-route";
export * from "./error-envelope";
export * from "./forwarded-headers";
export * from "./subgraph-server";
export * from "./fastify-app";
export * from "./graphql-websocket";
export * from "./rate-limits";
