export * from "./contract";
export * from "./subgraph";
export * from "./rest-route";
