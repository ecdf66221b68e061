export * from "./registry";
export * from "./http";
export * from "./graphql";
export * from "./platform-view";
export * from "./gather";
export * from "./database";
