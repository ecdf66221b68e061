export * from "./errors";
export * from "./list";
export * from "./validation";
export * from "./graphql";
export * from "./http";
export * from "./subgraph";
export * from "./logger";
export * from "./auth";
