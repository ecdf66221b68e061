export * from "./registry";
export * from "./http";
export * from "./graphql";
