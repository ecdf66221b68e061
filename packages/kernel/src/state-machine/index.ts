export * from "./machine";
export * from "./engine";
export * from "./describe";
