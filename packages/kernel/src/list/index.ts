export * from "./spec";
export { parseQuery, substituteMe } from "./query-parser";
export type { QueryNode, TermNode, MatchNode, CompareNode, ExistsNode, QueryValue, ValueMatch, ComparisonOperator } from "./query-parser";
export { compileWhere, escapeLike, type Where } from "./where-compiler";
export { parseSort, toOrderBy, type SortTerm, type SortDirection } from "./sort";
export { resolvePaging, listParamsFromQuery, listEnvelope } from "./paging";
export { defineListSpec, buildListQuery, findPage, type ListQuery, type PageQuery } from "./list-query";
export { findPageInMemory } from "./in-memory";
export { FIELD_NAME_PATTERN } from "./fields";
