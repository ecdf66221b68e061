export * from "./body";
export * from "./json-shape";
export * from "./merge-patch";
export * from "./unstorable-text";
