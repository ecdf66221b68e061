export { registerRestRoutes } from "./register";
export { restRoutes } from "./routes";
export { openApiDocument } from "./openapi";
export type { RestRoute } from "./route";
