export * from "./route";
export * from "./crud";
export * from "./actions";
