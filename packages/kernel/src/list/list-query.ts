import { ApiError } from "@pap/core";
import { declaredField, FIELD_NAME_PATTERN, lookupField, tieBreakerOf } from "./fields";
import { listEnvelope, resolvePaging } from "./paging";
import { parseQuery } from "./query-parser";
import { parseSort, toOrderBy } from "./sort";
import type { ListArgs, ListEnvelope, ListSpec, Page } from "./spec";
import { compileWhere, type Where } from "./where-compiler";

export type ListQuery = { where: Where; orderBy: Array<Record<string, unknown>>; skip: number; take: number; page: Page };

/**
 * Checks a list declaration once, at startup, so a mistake in it fails the boot instead of surfacing
 * as a 400 or 500 on some later request. Returns the spec unchanged.
 */
export function defineListSpec(spec: ListSpec): ListSpec {
  const fail = (message: string): never => {
    throw new Error(`list spec '${spec.resource}': ${message}`);
  };

  for (const [name, def] of Object.entries(spec.fields)) {
    if (!FIELD_NAME_PATTERN.test(name)) fail(`'${name}' is not a valid field name`);
    if (name.includes(".") && !def.column) fail(`'${name}' is dotted, so it needs an explicit column`);
    if (def.kind === "json" && !def.path?.length) fail(`json field '${name}' needs a path`);
    if (def.kind !== "json" && def.path) fail(`'${name}' has a path but is not a json field`);
    if (def.kind === "enum" && !def.values?.length) fail(`enum field '${name}' needs values`);
    if (def.kind !== "enum" && def.kind !== "tags" && def.values) fail(`'${name}' has values but is neither an enum nor a tags field`);
    for (const column of def.sortBy ?? []) if (!FIELD_NAME_PATTERN.test(column)) fail(`'${name}' has an invalid sortBy entry '${column}'`);
  }

  const usesJson = spec.freeForm !== undefined || Object.values(spec.fields).some((def) => def.kind === "json");
  if (usesJson && spec.anyNull === undefined) fail("filters JSON paths, so it needs anyNull: Prisma.AnyNull (from @pap/db)");

  for (const name of spec.fullText) {
    if (!lookupField(spec, name)) fail(`full-text field '${name}' is not a field`);
  }

  const tieBreaker = tieBreakerOf(spec);
  for (const name of [...spec.sortable, tieBreaker]) {
    const def = declaredField(spec, name);
    if (!def) {
      if (name === tieBreaker) continue;
      fail(`sortable field '${name}' is not declared in fields`);
    } else if (def.kind === "json" || def.kind === "tags") {
      fail(`'${name}' is a ${def.kind === "json" ? "JSON path" : "string array"}; Prisma cannot order by it, so it cannot be sortable`);
    } else if (def.relation?.many) {
      fail(`'${name}' lives on a to-many relation; Prisma cannot order by it, so it cannot be sortable`);
    }
  }
  if (new Set(spec.sortable).size !== spec.sortable.length) fail("sortable lists a field twice");

  try {
    toOrderBy(parseSort(spec.defaultSort, spec), spec);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = error.details?.[0]?.message;
    fail(`defaultSort '${spec.defaultSort}' is invalid: ${error.message}${detail ? ` (${detail})` : ""}`);
  }
  return spec;
}

/**
 * Everything a list resolver passes to Prisma, from the list arguments as the client gave them:
 * `findMany({ where, orderBy, skip, take })` and `count({ where })`, then `listEnvelope(items, total, page)`.
 * Invalid arguments throw ApiErrors (400).
 */
export function buildListQuery(spec: ListSpec, args: ListArgs): ListQuery {
  const where = compileWhere(parseQuery(args.q ?? ""), spec);
  const orderBy = toOrderBy(parseSort(args.sort, spec), spec);
  const page = resolvePaging(args);
  return { where, orderBy, skip: page.offset, take: page.limit, page };
}

/** The query for one page, in the shape Prisma's `findMany` takes. */
export type PageQuery = Omit<ListQuery, "page">;

/**
 * The total a page states by itself: a page that ends short of its limit holds the last match, so
 * there are exactly `offset + items` matches and no count is needed. Only a full page (more may
 * follow) or an empty page past the start (the offset may overshoot) leaves the total unknown.
 */
export function totalFromPage(itemCount: number, page: Page): number | undefined {
  return itemCount < page.limit && (itemCount > 0 || page.offset === 0) ? page.offset + itemCount : undefined;
}

/** How a list reads its rows: one page of them, and the number of matches (a Prisma delegate's findMany and count, most often). */
export type PageFetch<T> = {
  /** The page; `spec` is the list's declaration, for a reader that looks at how its fields are indexed (listThroughDriver). */
  items(query: PageQuery, spec: ListSpec): Promise<T[]>;
  total(where: Where): Promise<number>;
};

/**
 * Runs a list operation: the page, then the total count of matches filtered in SQL by the same
 * `where` when the page cannot tell it (a selective `q`, whose matches fit on one page, costs one
 * statement, not two), returned in the list envelope. Every list field of every subgraph goes through here.
 */
export async function findPage<T>(spec: ListSpec, args: ListArgs, fetch: PageFetch<T>): Promise<ListEnvelope<T>> {
  const { page, ...query } = buildListQuery(spec, args);
  const items = await fetch.items(query, spec);
  const total = totalFromPage(items.length, page) ?? (await fetch.total(query.where));
  return listEnvelope(items, total, page);
}
