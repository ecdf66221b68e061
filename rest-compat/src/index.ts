export { openApiPath, registerRestRoutes, type RestGraph } from "./register";
export { restRoutes, restOptionsFromEnv, type RestOptions } from "./routes";
export { openApiDocument, type OperationExample, type OperationExamples } from "./openapi";
export { examplesPath, readOperationExamples } from "./openapi-examples";
export type { RestRoute } from "@pap/kernel/rest";
export { databaseIdempotencyStore, IDEMPOTENCY_LEASE_MS, type Claim, type IdempotencyStore } from "./idempotency/store";
export { fingerprintOf } from "./idempotency/answer-once";
