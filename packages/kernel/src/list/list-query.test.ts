import { ApiError } from "@pap/core";
import * as list from ".";
import { buildListQuery, defineListSpec } from "./list-query";
import type { ListSpec } from "./spec";

const ANY_NULL = { sentinel: "AnyNull" };

const cases: ListSpec = {
  resource: "cases",
  fields: {
    id: { kind: "uuid" },
    status: { kind: "enum", values: ["active", "closed"] },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
    effectiveStartDate: { kind: "date", nullable: true },
    notes: { kind: "string", nullable: true },
    memberId: { kind: "uuid", column: "personId", relation: { name: "members", many: true } },
  },
  fullText: ["notes", "id"],
  sortable: ["createdAt", "updatedAt", "effectiveStartDate", "status"],
  defaultSort: "-updatedAt",
};

const persons: ListSpec = {
  resource: "persons",
  anyNull: ANY_NULL,
  fields: {
    id: { kind: "uuid" },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
    name: { kind: "string", column: "lastName", nullable: true, sortBy: ["lastName", "firstName"] },
  },
  freeForm: { column: "attributes" },
  fullText: ["name.lastName", "name.firstName"],
  sortable: ["createdAt", "updatedAt", "name"],
  defaultSort: "-updatedAt",
};

describe("defineListSpec", () => {
  it("returns a valid spec unchanged", () => {
    expect(defineListSpec(cases)).toBe(cases);
    expect(defineListSpec(persons)).toBe(persons);
  });

  it.each<[string, Partial<ListSpec>, string]>([
    ["an invalid field name", { fields: { ...cases.fields, "bad-name": { kind: "string" } } }, "'bad-name' is not a valid field name"],
    [
      "a dotted field without a column",
      { fields: { ...cases.fields, "a.b": { kind: "string" } } },
      "'a.b' is dotted, so it needs an explicit column",
    ],
    [
      "a json field without a path",
      { fields: { ...cases.fields, extra: { kind: "json" } }, anyNull: ANY_NULL },
      "json field 'extra' needs a path",
    ],
    [
      "a path on a non-json field",
      { fields: { ...cases.fields, notes: { kind: "string", path: ["x"] } } },
      "'notes' has a path but is not a json field",
    ],
    ["an enum without values", { fields: { ...cases.fields, status: { kind: "enum" } } }, "enum field 'status' needs values"],
    [
      "values on a non-enum field",
      { fields: { ...cases.fields, notes: { kind: "string", values: ["a"] } } },
      "'notes' has values but is neither an enum nor a tags field",
    ],
    [
      "an invalid sortBy entry",
      { fields: { ...cases.fields, notes: { kind: "string", sortBy: ["a-b"] } } },
      "'notes' has an invalid sortBy entry 'a-b'",
    ],
    [
      "json fields without anyNull",
      { fields: { ...cases.fields, color: { kind: "json", column: "extra", path: ["color"] } } },
      "filters JSON paths, so it needs anyNull: Prisma.AnyNull (from @pap/db)",
    ],
    [
      "free-form without anyNull",
      { freeForm: { column: "attributes" } },
      "filters JSON paths, so it needs anyNull: Prisma.AnyNull (from @pap/db)",
    ],
    ["an unknown full-text field", { fullText: ["notes", "title"] }, "full-text field 'title' is not a field"],
    ["an undeclared sortable field", { sortable: ["createdAt", "title"] }, "sortable field 'title' is not declared in fields"],
    [
      "a sortable json field",
      {
        fields: { ...cases.fields, color: { kind: "json", column: "extra", path: ["color"] } },
        anyNull: ANY_NULL,
        sortable: ["color"],
        defaultSort: "",
      },
      "'color' is a JSON path; Prisma cannot order by it, so it cannot be sortable",
    ],
    [
      "a sortable to-many relation field",
      { sortable: ["memberId"], defaultSort: "" },
      "'memberId' lives on a to-many relation; Prisma cannot order by it, so it cannot be sortable",
    ],
    [
      "a json tie-breaker",
      { fields: { ...cases.fields, color: { kind: "json", column: "extra", path: ["color"] } }, anyNull: ANY_NULL, tieBreaker: "color" },
      "'color' is a JSON path; Prisma cannot order by it, so it cannot be sortable",
    ],
    ["a duplicate sortable field", { sortable: ["createdAt", "createdAt"] }, "sortable lists a field twice"],
    [
      "a default sort on a non-sortable field",
      { defaultSort: "notes" },
      "defaultSort 'notes' is invalid: Cannot sort by 'notes'. ('notes' is not sortable; sortable fields: createdAt, updatedAt, effectiveStartDate, status)",
    ],
    [
      "a malformed default sort",
      { defaultSort: "createdAt,,status" },
      "defaultSort 'createdAt,,status' is invalid: Invalid sort field ''. (empty sort field; check for a stray comma)",
    ],
  ])("rejects %s", (_what, change, message) => {
    expect(() => defineListSpec({ ...cases, ...change })).toThrow(new Error(`list spec 'cases': ${message}`));
    try {
      defineListSpec({ ...cases, ...change });
    } catch (error) {
      expect(error).not.toBeInstanceOf(ApiError);
    }
  });

  it("accepts an undeclared tie-breaker and a dotted field with a column", () => {
    const spec: ListSpec = {
      ...cases,
      fields: { ...cases.fields, "owner.name": { kind: "string", column: "name", relation: { name: "owner", many: false } } },
      sortable: [...cases.sortable, "owner.name"],
      tieBreaker: "caseNumber",
    };
    expect(defineListSpec(spec)).toBe(spec);
  });
});

describe("buildListQuery", () => {
  it("builds the defaults from empty arguments", () => {
    expect(buildListQuery(cases, {})).toEqual({
      where: {},
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      skip: 0,
      take: 25,
      page: { limit: 25, offset: 0 },
    });
    expect(buildListQuery(cases, { q: null, sort: null, limit: null, offset: null })).toEqual(buildListQuery(cases, {}));
  });

  it("combines filter, sort and page", () => {
    expect(buildListQuery(cases, { q: "status:act* -notes:*", sort: "effectiveStartDate,-createdAt", limit: 10, offset: 30 })).toEqual({
      where: { AND: [{ status: { in: ["active"] } }, { notes: null }] },
      orderBy: [{ effectiveStartDate: { sort: "asc", nulls: "last" } }, { createdAt: "desc" }, { id: "asc" }],
      skip: 30,
      take: 10,
      page: { limit: 10, offset: 30 },
    });
  });

  it("handles free-form specs", () => {
    expect(buildListQuery(persons, { q: "smith city:*", sort: "name" })).toEqual({
      where: {
        AND: [
          {
            OR: [
              { attributes: { path: ["name", "lastName"], string_contains: "smith", mode: "insensitive" } },
              { attributes: { path: ["name", "firstName"], string_contains: "smith", mode: "insensitive" } },
            ],
          },
          { NOT: { attributes: { path: ["city"], equals: ANY_NULL } } },
        ],
      },
      orderBy: [{ lastName: { sort: "asc", nulls: "last" } }, { firstName: { sort: "asc", nulls: "last" } }, { id: "asc" }],
      skip: 0,
      take: 25,
      page: { limit: 25, offset: 0 },
    });
  });

  it.each<[string, Parameters<typeof buildListQuery>[1], string]>([
    ["a bad q", { q: 'notes:"x' }, "INVALID_QUERY"],
    ["an unknown q field", { q: "title:x" }, "INVALID_QUERY"],
    ["a non-sortable field", { sort: "notes" }, "FIELD_NOT_SORTABLE"],
    ["an unknown sort field", { sort: "title" }, "INVALID_SORT_FIELD"],
    ["a limit over 100", { limit: 101 }, "BAD_REQUEST"],
    ["a negative offset", { offset: -1 }, "BAD_REQUEST"],
  ])("rejects %s with a 400", (_what, args, code) => {
    let caught: unknown;
    try {
      buildListQuery(cases, args);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(400);
    expect((caught as ApiError).code).toBe(code);
  });
});

describe("findPage", () => {
  it("filters the page and the total with the same where, and answers the envelope", async () => {
    const spec = list.defineListSpec({
      resource: "things",
      fields: { id: { kind: "uuid" }, name: { kind: "string" }, createdAt: { kind: "datetime" } },
      fullText: ["name"],
      sortable: ["createdAt", "name"],
      defaultSort: "-createdAt",
    });
    const seen: { items?: unknown; total?: unknown } = {};
    const envelope = await list.findPage(
      spec,
      { q: "name:ana", limit: 2, offset: 4 },
      {
        items: async (query) => ((seen.items = query), [{ id: "a" }, { id: "b" }]),
        total: async (where) => ((seen.total = where), 7),
      },
    );
    expect(envelope).toEqual({ items: [{ id: "a" }, { id: "b" }], total: 7, limit: 2, offset: 4, hasNext: true });
    expect(seen.items).toEqual({
      where: seen.total,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: 4,
      take: 2,
    });
    expect(seen.total).toEqual({ AND: [{ name: { contains: "ana", mode: "insensitive" } }] });
    expect([list.DEFAULT_LIMIT, list.MAX_LIMIT, list.MAX_SORT_FIELDS]).toEqual([25, 100, 5]);
  });

  it("counts only when the page cannot tell the total", async () => {
    const spec = list.defineListSpec({
      resource: "things",
      fields: { id: { kind: "uuid" } },
      fullText: [],
      sortable: ["id"],
      defaultSort: "id",
    });
    const pageOf = async (rows: number, paging: { limit: number; offset: number }, matches = 99) => {
      let counted = 0;
      const envelope = await list.findPage(spec, paging, {
        items: async () => Array.from({ length: rows }, (_, index) => ({ id: String(index) })),
        total: async () => (counted++, matches),
      });
      return { total: envelope.total, hasNext: envelope.hasNext, counted };
    };
    // A short page holds the last match: its total is exact without a count.
    expect(await pageOf(3, { limit: 10, offset: 0 })).toEqual({ total: 3, hasNext: false, counted: 0 });
    expect(await pageOf(3, { limit: 10, offset: 20 })).toEqual({ total: 23, hasNext: false, counted: 0 });
    expect(await pageOf(0, { limit: 10, offset: 0 })).toEqual({ total: 0, hasNext: false, counted: 0 });
    // A full page may have more after it, and an empty page past the start may have overshot: both count.
    expect(await pageOf(10, { limit: 10, offset: 0 })).toEqual({ total: 99, hasNext: true, counted: 1 });
    expect(await pageOf(10, { limit: 10, offset: 0 }, 10)).toEqual({ total: 10, hasNext: false, counted: 1 });
    expect(await pageOf(0, { limit: 10, offset: 50 }, 7)).toEqual({ total: 7, hasNext: false, counted: 1 });
  });
});
