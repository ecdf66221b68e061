export * from "./contract";
export * from "./subgraph";
