export * from "./machine";
export * from "./engine";
export * from "./describe";
export * from "./actions";
export * from "./part-choice";
