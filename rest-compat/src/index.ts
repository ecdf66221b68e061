export { registerRestRoutes } from "./register";
export { restRoutes, restOptionsFromEnv, type RestOptions } from "./routes";
export { openApiDocument } from "./openapi";
export type { RestRoute } from "./route";
