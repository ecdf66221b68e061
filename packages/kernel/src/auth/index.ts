export * from "./roles";
export * from "./principal";
export * from "./settings";
export * from "./authenticate";
export * from "./caller";
export * from "./requirements";
export * from "./own-records";
