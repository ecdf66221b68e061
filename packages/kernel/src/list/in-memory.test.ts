import { ApiError } from "@pap/core";
import * as list from ".";
import { findPageInMemory } from "./in-memory";
import { buildListQuery } from "./list-query";
import type { ListArgs, ListSpec } from "./spec";

const UUID_A = "123e4567-e89b-42d3-a456-426614174000";
const UUID_B = "00000000-0000-4000-8000-000000000001";

const spec: ListSpec = {
  resource: "metrics",
  fields: {
    id: { kind: "string" },
    name: { kind: "string" },
    aggregate: { kind: "enum", values: ["count", "ratio", "duration"] },
    value: { kind: "number", nullable: true },
    computedAt: { kind: "datetime" },
    ownerId: { kind: "uuid", nullable: true },
    dueOn: { kind: "date", nullable: true },
    priority: { kind: "integer" },
    urgent: { kind: "boolean", nullable: true },
    labels: { kind: "tags", values: ["case_worker", "supervisor", "county_admin", "state_admin"] },
    // Column and relation describe the table; in memory the value is read at the public name.
    "owner.name": { kind: "string", column: "displayName", nullable: true, relation: { name: "owner", many: false } },
  },
  fullText: ["name", "id", "ownerId"],
  sortable: ["name", "aggregate", "value", "computedAt", "dueOn", "priority", "urgent", "owner.name"],
  defaultSort: "name",
};

// By the default sort (name, collated): m4 "50% …", m5 "Escalations", m1 "Median …", m2 "open …", m3 "SLA …".
const rows = [
  {
    id: "m1",
    name: "Median time to first action",
    aggregate: "duration",
    value: 3600,
    computedAt: new Date("2026-01-02T10:00:00Z"),
    ownerId: UUID_A,
    dueOn: "2026-01-05",
    priority: 1,
    urgent: true,
    labels: ["supervisor"],
    owner: { name: "Ann Smith" },
  },
  {
    id: "m2",
    name: "open tasks",
    aggregate: "count",
    value: 12,
    computedAt: "2026-01-02T23:30:00Z",
    ownerId: null,
    dueOn: new Date("2026-01-05T00:00:00Z"),
    priority: 2,
    urgent: false,
    labels: [],
    owner: { name: "bob jones" },
  },
  {
    id: "m3",
    name: "SLA breach rate",
    aggregate: "ratio",
    value: null,
    computedAt: "2026-01-03T00:00:00.000Z",
    ownerId: UUID_B.toUpperCase(),
    dueOn: null,
    priority: 3,
    urgent: null,
    labels: ["case_worker", "county_admin"],
    owner: null,
  },
  {
    id: "m4",
    name: "50% done_rate",
    aggregate: "ratio",
    value: 0.5,
    computedAt: new Date("2026-01-01T00:00:00Z"),
    dueOn: "2026-01-06",
    priority: 2,
    urgent: true,
    owner: { name: "Carol Smithers" },
  },
  {
    id: "m5",
    name: "Escalations",
    aggregate: "count",
    value: 12,
    computedAt: "2026-01-04T08:00:00+02:00",
    ownerId: UUID_A,
    priority: 3,
    urgent: false,
    labels: ["state_admin"],
    owner: {},
  },
];

const ids = (args: ListArgs) => findPageInMemory(spec, args, rows).items.map((row) => row.id);
const q = (query: string) => ids({ q: query });

function thrown(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected an ApiError");
}

describe("findPageInMemory: q", () => {
  it("keeps every row without q", () => {
    expect(q("")).toEqual(["m4", "m5", "m1", "m2", "m3"]);
    expect(ids({ q: null })).toEqual(["m4", "m5", "m1", "m2", "m3"]);
  });

  it.each<[string, string[]]>([
    // strings: case-insensitive contains, prefix, suffix, infix, quoted, literal % and _
    ["name:TASKS", ["m2"]],
    ["name:med*", ["m1"]],
    ["name:*rate", ["m4", "m3"]],
    ["name:*BREACH*", ["m3"]],
    ['name:"first action"', ["m1"]],
    ["name:50%", ["m4"]],
    ["name:done_", ["m4"]],
    ["name:e_t", []],
    ["name:>n", ["m2", "m3"]],
    ["name:open,escal*", ["m5", "m2"]],
    // bare terms search name, id and ownerId; a term that is no uuid skips ownerId instead of failing
    ["rate", ["m4", "m3"]],
    ["M1", ["m1"]],
    ['"breach rate"', ["m3"]],
    [UUID_B, ["m3"]],
    ["-rate", ["m5", "m1", "m2"]],
    [`-${UUID_A}`, ["m4", "m2", "m3"]],
    // enums: matched against the declared values
    ["aggregate:rat*", ["m4", "m3"]],
    ["aggregate:ratio", ["m4", "m1", "m3"]], // "du-ratio-n"
    ["aggregate:ra", ["m4", "m1", "m3"]],
    ["aggregate:dur*", ["m1"]],
    ["aggregate:count,duration", ["m5", "m1", "m2"]],
    ["aggregate:nothing", []],
    ["-aggregate:count", ["m4", "m1", "m3"]],
    // numbers
    ["value:12", ["m5", "m2"]],
    ["value:0.5,3600", ["m4", "m1"]],
    ["value:>100", ["m1"]],
    ["value:>=12", ["m5", "m1", "m2"]],
    ["value:<1", ["m4"]],
    ["value:<=0.5", ["m4"]],
    ["-value:12", ["m4", "m1", "m3"]],
    ["value:*", ["m4", "m5", "m1", "m2"]],
    ["-value:*", ["m3"]],
    ["priority:2", ["m4", "m2"]],
    ["priority:<2", ["m1"]],
    ["-priority:3", ["m4", "m1", "m2"]],
    // uuids: exact, any case; NULL and missing values are kept by the negation and count as absent
    [`ownerId:${UUID_A.toUpperCase()}`, ["m5", "m1"]],
    [`ownerId:${UUID_B}`, ["m3"]],
    [`-ownerId:${UUID_A}`, ["m4", "m2", "m3"]],
    ["ownerId:*", ["m5", "m1", "m3"]],
    ["-ownerId:*", ["m4", "m2"]],
    // booleans
    ["urgent:TRUE", ["m4", "m1"]],
    ["urgent:false", ["m5", "m2"]],
    ["urgent:true,false", ["m4", "m5", "m1", "m2"]],
    ["-urgent:true", ["m5", "m2", "m3"]],
    // datetimes (Date or ISO string in the rows): a bare day is the whole UTC day
    ["computedAt:2026-01-02", ["m1", "m2"]],
    ["computedAt:>=2026-01-03", ["m5", "m3"]],
    ["computedAt:<2026-01-02T10:00:00Z", ["m4"]],
    ["computedAt:2026-01-02T10:00:00Z", ["m1"]],
    ["computedAt:2026-01-04T06:00:00", ["m5"]],
    ["computedAt:2026-01-04T07:00:00+01:00", ["m5"]],
    // dates
    ["dueOn:2026-01-05", ["m1", "m2"]],
    ["dueOn:>2026-01-05", ["m4"]],
    ["-dueOn:2026-01-05", ["m4", "m5", "m3"]],
    // tags: any element matching a declared value; empty and missing arrays are absent
    ["labels:admin", ["m5", "m3"]],
    ["labels:supervisor,case_worker", ["m1", "m3"]],
    ["labels:*", ["m5", "m1", "m3"]],
    ["-labels:*", ["m4", "m2"]],
    ["-labels:admin", ["m4", "m1", "m2"]],
    // dotted names read nested objects; a null or empty parent is a missing value
    ["owner.name:smith", ["m4", "m1"]],
    ["-owner.name:smith", ["m5", "m2", "m3"]],
    ["owner.name:*", ["m4", "m1", "m2"]],
    // conditions are ANDed
    ["aggregate:rat* value:*", ["m4"]],
    ["rate -aggregate:ratio", []],
  ])("%s", (query, expected) => {
    expect(q(query)).toEqual(expected);
  });
});

describe("findPageInMemory: sort", () => {
  it.each<[string, string[]]>([
    // nulls last ascending, first descending; the id tie-breaker orders m2 before m5
    ["value", ["m4", "m2", "m5", "m1", "m3"]],
    ["-value", ["m3", "m1", "m2", "m5", "m4"]],
    // enums in declaration order, as Postgres orders them
    ["aggregate", ["m2", "m5", "m3", "m4", "m1"]],
    ["-computedAt", ["m5", "m3", "m2", "m1", "m4"]],
    ["dueOn,-priority", ["m2", "m1", "m4", "m3", "m5"]],
    ["owner.name", ["m1", "m2", "m4", "m3", "m5"]],
    ["urgent", ["m2", "m5", "m1", "m4", "m3"]],
  ])("%s", (sort, expected) => {
    expect(ids({ sort })).toEqual(expected);
  });

  it("uses the default sort without sort", () => {
    expect(ids({ sort: "  " })).toEqual(["m4", "m5", "m1", "m2", "m3"]);
  });

  it("orders text by collation, not code point", () => {
    expect(ids({ sort: "-name" })).toEqual(["m3", "m2", "m1", "m5", "m4"]);
  });
});

describe("findPageInMemory: paging", () => {
  it("returns the page, the total and whether more follow", () => {
    expect(findPageInMemory(spec, { limit: 2 }, rows)).toEqual({ items: [rows[3], rows[4]], total: 5, limit: 2, offset: 0, hasNext: true });
    expect(ids({ limit: 2, offset: 2 })).toEqual(["m1", "m2"]);
    const last = findPageInMemory(spec, { limit: 2, offset: 4 }, rows);
    expect(last.items.map((row) => row.id)).toEqual(["m3"]);
    expect(last.hasNext).toBe(false);
  });

  it("counts the matches, not the rows", () => {
    const page = findPageInMemory(spec, { q: "value:*", sort: "-value", limit: 1, offset: 1 }, rows);
    expect(page).toMatchObject({ total: 4, limit: 1, offset: 1, hasNext: true });
    expect(page.items.map((row) => row.id)).toEqual(["m2"]);
  });

  it("applies the defaults and allows an offset past the end", () => {
    expect(findPageInMemory(spec, { limit: null, offset: null }, rows)).toMatchObject({ total: 5, limit: 25, offset: 0, hasNext: false });
    expect(findPageInMemory(spec, { offset: 10 }, rows)).toEqual({ items: [], total: 5, limit: 25, offset: 10, hasNext: false });
  });

  it("returns the given row objects and leaves the input alone", () => {
    const input = [...rows];
    const page = findPageInMemory(spec, { sort: "-value" }, input);
    expect(page.items[0]).toBe(rows[2]);
    expect(input).toEqual(rows);
  });
});

describe("findPageInMemory: errors", () => {
  it.each<[string, ListArgs, string]>([
    ["an unknown field", { q: "nope:1" }, "INVALID_QUERY"],
    ["a malformed uuid", { q: "ownerId:123" }, "INVALID_QUERY"],
    ["a non-number", { q: "value:abc" }, "INVALID_QUERY"],
    ["a non-integer", { q: "priority:1.5" }, "INVALID_QUERY"],
    ["a non-boolean", { q: "urgent:yes" }, "INVALID_QUERY"],
    ["an impossible date", { q: "computedAt:2026-02-30" }, "INVALID_QUERY"],
    ["a wildcard on an exact field", { q: "priority:1*" }, "INVALID_QUERY"],
    ["a comparison on an enum", { q: "aggregate:>count" }, "INVALID_QUERY"],
    ["a comparison on a uuid", { q: `ownerId:>${UUID_A}` }, "INVALID_QUERY"],
    ["a comparison on tags", { q: "labels:>a" }, "INVALID_QUERY"],
    ["an unterminated quote", { q: 'name:"abc' }, "INVALID_QUERY"],
    ["a bare '*'", { q: "*" }, "INVALID_QUERY"],
    ["a declared field that is not sortable", { sort: "ownerId" }, "FIELD_NOT_SORTABLE"],
    ["an unknown sort field", { sort: "nope" }, "INVALID_SORT_FIELD"],
    ["a repeated sort field", { sort: "name,-name" }, "INVALID_SORT_FIELD"],
    ["too many sort fields", { sort: "name,value,priority,urgent,dueOn,computedAt" }, "INVALID_SORT_FIELD"],
    ["a stray comma", { sort: "name," }, "INVALID_SORT_FIELD"],
    ["a bad limit", { limit: 0 }, "BAD_REQUEST"],
    ["a bad offset", { offset: -1 }, "BAD_REQUEST"],
    // Checked in the SQL path's order, so the same mistake is reported.
    ["a bad q, sort and limit together", { q: "nope:1", sort: "nope", limit: 500 }, "INVALID_QUERY"],
  ])("refuses %s as the SQL path does", (_name, args, code) => {
    const error = thrown(() => findPageInMemory(spec, args, rows));
    expect(error.code).toBe(code);
    expect(error.status).toBe(400);
    expect(error.toEnvelope()).toEqual(thrown(() => buildListQuery(spec, args)).toEnvelope());
  });

  it("refuses JSON fields and free-form resources", () => {
    const freeForm: ListSpec = { ...spec, freeForm: { column: "attributes" }, anyNull: {} };
    const json: ListSpec = { ...spec, fields: { ...spec.fields, extra: { kind: "json", column: "extra", path: ["x"] } }, anyNull: {} };
    expect(() => findPageInMemory(freeForm, {}, rows)).toThrow("not supported in memory");
    expect(() => findPageInMemory(json, {}, rows)).toThrow("not supported in memory");
  });

  it("refuses row values that are not dates where dates are declared", () => {
    expect(() => findPageInMemory(spec, { sort: "computedAt" }, [...rows, { ...rows[0], id: "m6", computedAt: "yesterday" }])).toThrow(
      "not an ISO 8601 date",
    );
  });
});

it("is exported from the list module", () => {
  expect(list.findPageInMemory).toBe(findPageInMemory);
});
