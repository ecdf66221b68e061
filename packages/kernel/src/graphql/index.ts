export * from "./scalars";
export * from "./format-error";
export * from "./loaders";
export * from "./list-fields";
export * from "./executor";
export * from "./subgraph-builder";
export * from "./ws-subscriber";
export * from "./limits";
