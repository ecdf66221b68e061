export { defineSearchProjection, isSearchType, searchTypes } from "./projection";
export type { SearchAttribute, SearchColumn, SearchProjection, SearchType } from "./projection";
