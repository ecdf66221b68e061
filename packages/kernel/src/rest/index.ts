export * from "./crud";
export * from "./actions";
export * from "./body";
export * from "./singleton";
export * from "./list-filters";
export * from "./metadata-routes";
