export * from "./body";
export * from "./json-shape";
export * from "./merge-patch";
