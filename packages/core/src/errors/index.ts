export * from "./api-error";
export * from "./database-refusal";
export * from "./status";
export * from "./server-fault";
