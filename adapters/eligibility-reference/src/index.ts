export * from "./engine";
export * as rules from "./rules";
export { buildServer, type ServerOptions } from "./http/server";
