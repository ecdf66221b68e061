export * from "./registry";
export * from "./platform-view";
export * from "./gather";
export * from "./database";
