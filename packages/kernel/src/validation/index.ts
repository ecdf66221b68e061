export * from "./body";
export * from "./merge-patch";
