export { registerRestRoutes, type RestGraph } from "./register";
export { restRoutes, restOptionsFromEnv, type RestOptions } from "./routes";
export { openApiDocument } from "./openapi";
export type { RestRoute } from "@pap/kernel/rest";
export { databaseIdempotencyStore, type IdempotencyStore } from "./idempotency/store";
