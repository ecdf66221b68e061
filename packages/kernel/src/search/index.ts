export * from "./projection";
