export { PrismaClient, Prisma } from "../generated/client/client";
export type * from "../generated/client/client";
export type { default as PrismaTypes } from "../generated/pothos-types";
export { getDatamodel } from "../generated/pothos-types";
export * from "./config";
export * from "./connect";
export { applyMigrations, pendingSchemaChangeSql } from "./migrations";
export { shareEmbeddedDatabase } from "./share";
export { lockRowForUpdate } from "./row-lock";
