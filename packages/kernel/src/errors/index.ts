export * from "./api-error";
export * from "./status";
