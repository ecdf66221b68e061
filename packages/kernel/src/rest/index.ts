export * from "./route";
export * from "./crud";
