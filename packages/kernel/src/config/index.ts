export * from "./schema";
export * from "./read";
export * from "./misspelt";
export * from "./verdict";
export * from "./docs";
