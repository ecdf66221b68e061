export * from "./search-index";
