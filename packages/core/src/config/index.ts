export * from "./schema";
export * from "./read";
export * from "./misspelt";
export * from "./rules";
export * from "./verdict";
export * from "./docs";
