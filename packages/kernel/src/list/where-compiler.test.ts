import { ApiError } from "@pap/core";
import { parseQuery } from "./query-parser";
import type { ListSpec } from "./spec";
import { compileWhere, escapeLike, type Where } from "./where-compiler";

/** Stands in for Prisma.AnyNull: the compiler only passes it through. */
const ANY_NULL = { sentinel: "AnyNull" };
const UUID_A = "123e4567-e89b-42d3-a456-426614174000";
const UUID_B = "00000000-0000-4000-8000-000000000001";

const spec: ListSpec = {
  resource: "things",
  anyNull: ANY_NULL,
  fields: {
    id: { kind: "uuid" },
    title: { kind: "string" },
    note: { kind: "string", nullable: true },
    status: { kind: "enum", values: ["open", "in_progress", "closed", "reopened"] },
    ownerId: { kind: "uuid", nullable: true },
    createdAt: { kind: "datetime" },
    dueDate: { kind: "date", column: "due_on", nullable: true },
    priority: { kind: "integer" },
    score: { kind: "number", nullable: true },
    urgent: { kind: "boolean" },
    "name.lastName": { kind: "json", column: "attributes", path: ["name", "lastName"] },
    memberId: { kind: "uuid", column: "personId", relation: { name: "members", many: true } },
    relationship: { kind: "string", relation: { name: "members", many: true } },
    "owner.email": { kind: "string", column: "email", nullable: true, relation: { name: "owner", many: false } },
    labels: { kind: "tags", values: ["case_worker", "supervisor", "county_admin", "state_admin"] },
    counties: { kind: "tags" },
  },
  fullText: ["title", "note", "id"],
  sortable: ["createdAt"],
  defaultSort: "-createdAt",
};

const freeFormSpec: ListSpec = {
  resource: "persons",
  anyNull: ANY_NULL,
  fields: { id: { kind: "uuid" }, updatedAt: { kind: "datetime" } },
  freeForm: { column: "attributes" },
  fullText: ["name.lastName", "name.firstName"],
  sortable: ["updatedAt"],
  defaultSort: "-updatedAt",
};

const where = (q: string, s: ListSpec = spec) => compileWhere(parseQuery(q), s);
/** The compiled form of a single condition (the entry inside the top-level AND). */
const cond = (q: string, s: ListSpec = spec): Where => {
  const compiled = where(q, s);
  expect(Object.keys(compiled)).toEqual(["AND"]);
  const all = compiled.AND as Where[];
  expect(all).toHaveLength(1);
  return all[0] as Where;
};

function queryError(q: string, s: ListSpec = spec): ApiError {
  try {
    where(q, s);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe("INVALID_QUERY");
    return apiError;
  }
  throw new Error(`expected '${q}' to be rejected`);
}

/** The JSON filter on `attributes` at a path, as the compiler writes it. */
const at = (path: string[], filter: Where): Where => ({ attributes: { path, ...filter } });
const lastName = (filter: Where) => at(["name", "lastName"], filter);

describe("compileWhere: structure", () => {
  it("is {} with no conditions", () => {
    expect(compileWhere([], spec)).toEqual({});
    expect(where("   ")).toEqual({});
  });

  it("ANDs conditions in order", () => {
    expect(where("title:a priority:2")).toEqual({
      AND: [{ title: { contains: "a", mode: "insensitive" } }, { priority: { equals: 2 } }],
    });
  });

  it("rejects unknown fields, naming the known ones", () => {
    const error = queryError("nope:1");
    expect(error.message).toBe(
      "unknown field 'nope' for things; known fields: id, title, note, status, ownerId, createdAt, dueDate, priority, score, urgent, name.lastName, memberId, relationship, owner.email, labels, counties",
    );
    expect(error.details).toEqual([{ field: "q", message: `${error.message} (at character 1)` }]);
  });

  it("does not mistake inherited object members for fields", () => {
    expect(queryError("constructor:x").message).toMatch(/^unknown field 'constructor'/);
  });

  it("points at the failing condition", () => {
    expect(queryError("title:a priority:x").details).toEqual([
      { field: "q", message: "'priority' expects an integer; got 'x' (at character 9)" },
    ]);
  });
});

describe("compileWhere: string fields", () => {
  it.each([
    ["title:smith", { title: { contains: "smith", mode: "insensitive" } }],
    ["title:*mit*", { title: { contains: "mit", mode: "insensitive" } }],
    ["title:smi*", { title: { startsWith: "smi", mode: "insensitive" } }],
    ["title:*ith", { title: { endsWith: "ith", mode: "insensitive" } }],
    ['title:"annual report"', { title: { contains: "annual report", mode: "insensitive" } }],
  ])("compiles %s", (q, expected) => {
    expect(cond(q)).toEqual(expected);
  });

  it("escapes LIKE wildcards, which Prisma passes through", () => {
    expect(cond('title:"50%_off\\\\x"')).toEqual({ title: { contains: "50\\%\\_off\\\\x", mode: "insensitive" } });
    expect(escapeLike("a%b_c\\d")).toBe("a\\%b\\_c\\\\d");
  });

  it("compiles any-of to OR", () => {
    expect(cond("title:a,b*")).toEqual({
      OR: [{ title: { contains: "a", mode: "insensitive" } }, { title: { startsWith: "b", mode: "insensitive" } }],
    });
  });

  it.each([
    ["title:>m", { title: { gt: "m" } }],
    ["title:>=m", { title: { gte: "m" } }],
    ["title:<m", { title: { lt: "m" } }],
    ["title:<=m", { title: { lte: "m" } }],
  ])("compiles the comparison %s", (q, expected) => {
    expect(cond(q)).toEqual(expected);
  });

  it("negates a required column with NOT", () => {
    expect(cond("-title:a")).toEqual({ NOT: { title: { contains: "a", mode: "insensitive" } } });
  });

  it("negates a nullable column keeping NULL rows", () => {
    expect(cond("-note:a,b")).toEqual({
      OR: [
        { NOT: { OR: [{ note: { contains: "a", mode: "insensitive" } }, { note: { contains: "b", mode: "insensitive" } }] } },
        { note: null },
      ],
    });
    expect(cond("-note:>m")).toEqual({ OR: [{ NOT: { note: { gt: "m" } } }, { note: null }] });
  });

  it("compiles exists and absent on a nullable column", () => {
    expect(cond("note:*")).toEqual({ note: { not: null } });
    expect(cond("-note:*")).toEqual({ note: null });
  });

  it("compiles exists and absent on a required column to always and never", () => {
    expect(cond("title:*")).toEqual({});
    expect(cond("-title:*")).toEqual({ OR: [] });
  });
});

describe("compileWhere: enum fields", () => {
  it.each([
    ["status:OPEN", ["open", "reopened"]],
    ["status:*pen*", ["open", "reopened"]],
    ["status:clo*", ["closed"]],
    ["status:*ed", ["closed", "reopened"]],
    ["status:in_p", ["in_progress"]],
    ["status:closed,open", ["open", "closed", "reopened"]],
    ["status:zzz", []],
  ])("matches %s against the declared values", (q, values) => {
    expect(cond(q)).toEqual({ status: { in: values } });
  });

  it("negates with NOT", () => {
    expect(cond("-status:closed")).toEqual({ NOT: { status: { in: ["closed"] } } });
  });

  it("rejects comparisons", () => {
    expect(queryError("status:>open").message).toBe("'status' cannot be compared with >; use 'status:value' or 'status:v1,v2'");
  });
});

describe("compileWhere: tags fields", () => {
  it.each([
    ["labels:supervisor", ["supervisor"]],
    ["labels:ADMIN", ["county_admin", "state_admin"]],
    ["labels:case*", ["case_worker"]],
    ["labels:case_worker,state_admin", ["case_worker", "state_admin"]],
    ["labels:nobody", []],
  ])("matches %s against the declared values the array may hold", (q, values) => {
    expect(cond(q)).toEqual({ labels: { hasSome: values } });
  });

  it("compares undeclared values exactly", () => {
    expect(cond("counties:06001,06075")).toEqual({ counties: { hasSome: ["06001", "06075"] } });
    expect(queryError("counties:060*").message).toBe("'counties' matches exact values only; wildcards are not supported");
  });

  it("negates to 'holds none of them'", () => {
    expect(cond("-counties:06001")).toEqual({ NOT: { counties: { hasSome: ["06001"] } } });
  });

  it("treats an empty array as the field being absent", () => {
    expect(cond("counties:*")).toEqual({ counties: { isEmpty: false } });
    expect(cond("-counties:*")).toEqual({ counties: { isEmpty: true } });
  });

  it("rejects comparisons", () => {
    expect(queryError("labels:>a").message).toBe("'labels' cannot be compared with >; use 'labels:value' or 'labels:v1,v2'");
  });
});

describe("compileWhere: uuid fields", () => {
  it("compiles equality, lower-cased", () => {
    expect(cond(`id:${UUID_A.toUpperCase()}`)).toEqual({ id: { equals: UUID_A } });
  });

  it("compiles any-of to in", () => {
    expect(cond(`id:${UUID_A},${UUID_B}`)).toEqual({ id: { in: [UUID_A, UUID_B] } });
  });

  it("negates a nullable uuid keeping NULL rows", () => {
    expect(cond(`-ownerId:${UUID_A}`)).toEqual({ OR: [{ NOT: { ownerId: { equals: UUID_A } } }, { ownerId: null }] });
  });

  it("rejects values that are not UUIDs", () => {
    expect(queryError("id:123").message).toBe("'id' expects a UUID such as 123e4567-e89b-12d3-a456-426614174000; got '123'");
  });

  it.each(["id:123e*", "id:*4000", "id:*e89b*"])("rejects the wildcard form %s", (q) => {
    expect(queryError(q).message).toBe("'id' matches exact values only; wildcards are not supported");
  });

  it("rejects comparisons", () => {
    expect(queryError(`id:>=${UUID_A}`).message).toBe("'id' cannot be compared with >=; use 'id:value' or 'id:v1,v2'");
  });
});

describe("compileWhere: datetime and date fields", () => {
  it("reads a date-only value as that whole UTC day", () => {
    expect(cond("createdAt:2026-01-05")).toEqual({
      createdAt: { gte: new Date("2026-01-05T00:00:00.000Z"), lt: new Date("2026-01-06T00:00:00.000Z") },
    });
  });

  it("handles month and year ends", () => {
    expect(cond("createdAt:2024-12-31")).toEqual({
      createdAt: { gte: new Date("2024-12-31T00:00:00.000Z"), lt: new Date("2025-01-01T00:00:00.000Z") },
    });
  });

  it.each([
    ["createdAt:2026-01-05T10:30:00Z", "2026-01-05T10:30:00.000Z"],
    ["createdAt:2026-01-05T10:30Z", "2026-01-05T10:30:00.000Z"],
    ["createdAt:2026-01-05T10:30:00", "2026-01-05T10:30:00.000Z"],
    ["createdAt:2026-01-05T10:30:00.1234567+02:00", "2026-01-05T08:30:00.123Z"],
    ["createdAt:2026-01-05T10:30:00-0500", "2026-01-05T15:30:00.000Z"],
  ])("reads %s as an instant", (q, iso) => {
    expect(cond(q)).toEqual({ createdAt: { equals: new Date(iso) } });
  });

  it.each([
    ["createdAt:>2026-01-05", "gt", "2026-01-05T00:00:00.000Z"],
    ["createdAt:>=2026-01-05T12:00:00Z", "gte", "2026-01-05T12:00:00.000Z"],
    ["createdAt:<2026-01-05", "lt", "2026-01-05T00:00:00.000Z"],
    ["createdAt:<=2026-01-05", "lte", "2026-01-05T00:00:00.000Z"],
  ])("compares %s with the instant", (q, operator, iso) => {
    expect(cond(q)).toEqual({ createdAt: { [operator]: new Date(iso) } });
  });

  it("compiles any-of to OR of days", () => {
    expect(cond("createdAt:2026-01-05,2026-01-07T00:00:00Z")).toEqual({
      OR: [
        { createdAt: { gte: new Date("2026-01-05T00:00:00.000Z"), lt: new Date("2026-01-06T00:00:00.000Z") } },
        { createdAt: { equals: new Date("2026-01-07T00:00:00.000Z") } },
      ],
    });
  });

  it("uses the column of a date field and keeps NULL rows when negated", () => {
    expect(cond("-dueDate:2026-01-05")).toEqual({
      OR: [{ NOT: { due_on: { gte: new Date("2026-01-05T00:00:00.000Z"), lt: new Date("2026-01-06T00:00:00.000Z") } } }, { due_on: null }],
    });
    expect(cond("dueDate:*")).toEqual({ due_on: { not: null } });
  });

  it.each([
    "2026-02-30",
    "2026-13-01",
    "2026-1-5",
    "yesterday",
    "2026-01-05T25:00Z",
    "2026-01-05T10:60Z",
    "2026-01-05T10:00:00+24:00",
    "2026-01-05 10:00",
  ])("rejects %j", (value) => {
    expect(queryError(`createdAt:"${value}"`).message).toBe(
      `'createdAt' expects an ISO 8601 date (2026-01-05) or date-time (2026-01-05T10:00:00Z); got '${value}'`,
    );
  });

  it("rejects invalid comparison dates and wildcards", () => {
    expect(queryError("createdAt:>soon").message).toMatch(/^'createdAt' expects an ISO 8601 date/);
    expect(queryError("createdAt:2026*").message).toBe("'createdAt' matches exact values only; wildcards are not supported");
  });
});

describe("compileWhere: integer and number fields", () => {
  it("compiles equality, any-of and comparisons", () => {
    expect(cond("priority:2")).toEqual({ priority: { equals: 2 } });
    expect(cond("priority:1,+2,-3")).toEqual({ priority: { in: [1, 2, -3] } });
    expect(cond("priority:>=2")).toEqual({ priority: { gte: 2 } });
    expect(cond("score:<1.5")).toEqual({ score: { lt: 1.5 } });
    expect(cond("score:1e3,.5")).toEqual({ score: { in: [1000, 0.5] } });
  });

  it("negates a nullable number keeping NULL rows", () => {
    expect(cond("-score:>0.5")).toEqual({ OR: [{ NOT: { score: { gt: 0.5 } } }, { score: null }] });
  });

  it.each([
    ["priority:1.5", "'priority' expects an integer; got '1.5'"],
    ["priority:abc", "'priority' expects an integer; got 'abc'"],
    ["priority:>x", "'priority' expects an integer; got 'x'"],
    ["priority:99999999999999999999", "'priority' expects an integer; got '99999999999999999999'"],
    ["score:1.2.3", "'score' expects a number; got '1.2.3'"],
    ["score:0x10", "'score' expects a number; got '0x10'"],
    ["score:Infinity", "'score' expects a number; got 'Infinity'"],
    ["priority:1*", "'priority' matches exact values only; wildcards are not supported"],
  ])("rejects %s", (q, message) => {
    expect(queryError(q).message).toBe(message);
  });
});

describe("compileWhere: boolean fields", () => {
  it("compiles true and false, case-insensitively", () => {
    expect(cond("urgent:true")).toEqual({ urgent: { equals: true } });
    expect(cond("urgent:FALSE")).toEqual({ urgent: { equals: false } });
    expect(cond("urgent:true,TRUE")).toEqual({ urgent: { equals: true } });
    expect(cond("urgent:true,false")).toEqual({ OR: [{ urgent: { equals: true } }, { urgent: { equals: false } }] });
    expect(cond("-urgent:true")).toEqual({ NOT: { urgent: { equals: true } } });
  });

  it("rejects anything else", () => {
    expect(queryError("urgent:yes").message).toBe("'urgent' expects true or false; got 'yes'");
    expect(queryError("urgent:1").message).toBe("'urgent' expects true or false; got '1'");
    expect(queryError("urgent:>true").message).toBe("'urgent' cannot be compared with >; use 'urgent:value' or 'urgent:v1,v2'");
  });
});

describe("compileWhere: json fields", () => {
  it.each([
    ["name.lastName:smith", lastName({ string_contains: "smith", mode: "insensitive" })],
    ["name.lastName:*mit*", lastName({ string_contains: "mit", mode: "insensitive" })],
    ["name.lastName:smi*", lastName({ string_starts_with: "smi", mode: "insensitive" })],
    ["name.lastName:*ith", lastName({ string_ends_with: "ith", mode: "insensitive" })],
    ['name.lastName:"o\'brien_"', lastName({ string_contains: "o'brien\\_", mode: "insensitive" })],
  ])("compiles %s", (q, expected) => {
    expect(cond(q)).toEqual(expected);
  });

  it("lets a plain number or boolean also match the JSON number or boolean", () => {
    expect(cond("name.lastName:30")).toEqual({
      OR: [lastName({ string_contains: "30", mode: "insensitive" }), lastName({ equals: 30 })],
    });
    expect(cond("name.lastName:True")).toEqual({
      OR: [lastName({ string_contains: "True", mode: "insensitive" }), lastName({ equals: true })],
    });
    expect(cond("name.lastName:30*")).toEqual(lastName({ string_starts_with: "30", mode: "insensitive" }));
  });

  it("compiles any-of to OR", () => {
    expect(cond("name.lastName:a*,*b")).toEqual({
      OR: [lastName({ string_starts_with: "a", mode: "insensitive" }), lastName({ string_ends_with: "b", mode: "insensitive" })],
    });
  });

  it("compares numbers as numbers and anything else as strings", () => {
    expect(cond("name.lastName:>10")).toEqual(lastName({ gt: 10 }));
    expect(cond("name.lastName:<=-1.5")).toEqual(lastName({ lte: -1.5 }));
    expect(cond("name.lastName:>=m")).toEqual(lastName({ gte: "m" }));
    expect(cond("name.lastName:<2026-01-05")).toEqual(lastName({ lt: "2026-01-05" }));
  });

  it("compiles exists as 'present and not JSON null' and absent as its complement", () => {
    expect(cond("name.lastName:*")).toEqual({ NOT: lastName({ equals: ANY_NULL }) });
    expect(cond("-name.lastName:*")).toEqual(lastName({ equals: ANY_NULL }));
  });

  const anyString = lastName({ string_contains: "" });
  const anyNumber = { OR: [lastName({ lt: 0 }), lastName({ gte: 0 })] };
  const anyBoolean = { OR: [lastName({ equals: true }), lastName({ equals: false })] };
  const missing = lastName({ equals: ANY_NULL });

  it("negates a text match per JSON type, keeping other types and missing paths", () => {
    expect(cond("-name.lastName:smi*")).toEqual({
      OR: [{ AND: [anyString, { NOT: lastName({ string_starts_with: "smi", mode: "insensitive" }) }] }, anyNumber, anyBoolean, missing],
    });
  });

  it("negates a plain number within strings and numbers", () => {
    expect(cond("-name.lastName:30,x")).toEqual({
      OR: [
        {
          AND: [
            anyString,
            {
              NOT: {
                OR: [lastName({ string_contains: "30", mode: "insensitive" }), lastName({ string_contains: "x", mode: "insensitive" })],
              },
            },
          ],
        },
        { AND: [anyNumber, { NOT: lastName({ equals: 30 }) }] },
        anyBoolean,
        missing,
      ],
    });
  });

  it("negates a boolean within booleans", () => {
    expect(cond("-name.lastName:false")).toEqual({
      OR: [
        { AND: [anyString, { NOT: lastName({ string_contains: "false", mode: "insensitive" }) }] },
        anyNumber,
        { AND: [anyBoolean, { NOT: lastName({ equals: false }) }] },
        missing,
      ],
    });
  });

  it("negates comparisons within the compared type", () => {
    expect(cond("-name.lastName:>10")).toEqual({
      OR: [anyString, { AND: [anyNumber, { NOT: lastName({ gt: 10 }) }] }, anyBoolean, missing],
    });
    expect(cond("-name.lastName:<m")).toEqual({
      OR: [{ AND: [anyString, { NOT: lastName({ lt: "m" }) }] }, anyNumber, anyBoolean, missing],
    });
  });

  it("refuses to filter JSON paths in ways that need AnyNull when the spec has none", () => {
    const { anyNull: _omitted, ...withoutAnyNull } = spec;
    expect(cond("name.lastName:x", withoutAnyNull)).toEqual(lastName({ string_contains: "x", mode: "insensitive" }));
    expect(() => where("-name.lastName:x", withoutAnyNull)).toThrow(
      new Error("list spec 'things' filters JSON paths but has no anyNull; set anyNull: Prisma.AnyNull (from @pap/db)"),
    );
    expect(() => where("name.lastName:*", withoutAnyNull)).not.toThrow(ApiError);
    expect(() => where("name.lastName:*", withoutAnyNull)).toThrow(/has no anyNull/);
  });
});

describe("compileWhere: free-form fields", () => {
  it("treats undeclared fields as paths inside the free-form column", () => {
    expect(cond("name.lastName:smith", freeFormSpec)).toEqual(lastName({ string_contains: "smith", mode: "insensitive" }));
    expect(cond("address.city.name:*port", freeFormSpec)).toEqual(
      at(["address", "city", "name"], { string_ends_with: "port", mode: "insensitive" }),
    );
    expect(cond("age:>=18", freeFormSpec)).toEqual(at(["age"], { gte: 18 }));
    expect(cond("-email:*", freeFormSpec)).toEqual(at(["email"], { equals: ANY_NULL }));
  });

  it("still compiles declared fields by their kind", () => {
    expect(cond(`id:${UUID_A}`, freeFormSpec)).toEqual({ id: { equals: UUID_A } });
  });
});

describe("compileWhere: relations", () => {
  it("wraps to-many conditions in some, and their negation in none", () => {
    expect(cond(`memberId:${UUID_A}`)).toEqual({ members: { some: { personId: { equals: UUID_A } } } });
    expect(cond(`-memberId:${UUID_A},${UUID_B}`)).toEqual({ members: { none: { personId: { in: [UUID_A, UUID_B] } } } });
    expect(cond("relationship:spo*")).toEqual({ members: { some: { relationship: { startsWith: "spo", mode: "insensitive" } } } });
    expect(cond("-relationship:spouse")).toEqual({ members: { none: { relationship: { contains: "spouse", mode: "insensitive" } } } });
  });

  it("reads exists on a to-many relation as 'has a related row'", () => {
    expect(cond("memberId:*")).toEqual({ members: { some: {} } });
    expect(cond("-memberId:*")).toEqual({ members: { none: {} } });
  });

  it("wraps to-one conditions in is / isNot", () => {
    expect(cond("owner.email:*@example.org")).toEqual({ owner: { is: { email: { endsWith: "@example.org", mode: "insensitive" } } } });
    expect(cond("-owner.email:x")).toEqual({ owner: { isNot: { email: { contains: "x", mode: "insensitive" } } } });
    expect(cond("owner.email:*")).toEqual({ owner: { is: { email: { not: null } } } });
    expect(cond("-owner.email:*")).toEqual({ owner: { isNot: { email: { not: null } } } });
  });
});

describe("compileWhere: bare terms", () => {
  it("ORs the term across the full-text fields that can hold it", () => {
    expect(cond("smith")).toEqual({
      OR: [{ title: { contains: "smith", mode: "insensitive" } }, { note: { contains: "smith", mode: "insensitive" } }],
    });
  });

  it("keeps the wildcard form", () => {
    expect(cond("smi*")).toEqual({
      OR: [{ title: { startsWith: "smi", mode: "insensitive" } }, { note: { startsWith: "smi", mode: "insensitive" } }],
    });
    expect(cond('"big co"')).toEqual({
      OR: [{ title: { contains: "big co", mode: "insensitive" } }, { note: { contains: "big co", mode: "insensitive" } }],
    });
  });

  it("includes a uuid field when the term is a uuid", () => {
    expect(cond(UUID_A)).toEqual({
      OR: [
        { title: { contains: UUID_A, mode: "insensitive" } },
        { note: { contains: UUID_A, mode: "insensitive" } },
        { id: { equals: UUID_A } },
      ],
    });
  });

  it("negates field by field, keeping each field's NULL handling", () => {
    expect(cond("-smith")).toEqual({
      AND: [
        { NOT: { title: { contains: "smith", mode: "insensitive" } } },
        { OR: [{ NOT: { note: { contains: "smith", mode: "insensitive" } } }, { note: null }] },
      ],
    });
  });

  it("matches nothing when no full-text field can hold the term, and its negation everything", () => {
    const idOnly: ListSpec = { ...spec, fullText: ["id"] };
    expect(cond("smith", idOnly)).toEqual({ OR: [] });
    expect(cond("-smith", idOnly)).toEqual({ AND: [] });
    expect(cond(UUID_A, idOnly)).toEqual({ id: { equals: UUID_A } });
    expect(cond(`-${UUID_A}`, idOnly)).toEqual({ NOT: { id: { equals: UUID_A } } });
    expect(cond("smith", { ...spec, fullText: [] })).toEqual({ OR: [] });
  });

  it("searches enum, json and relation full-text fields by their kind", () => {
    const mixed: ListSpec = { ...spec, fullText: ["status", "name.lastName", "relationship", "priority"] };
    expect(cond("open", mixed)).toEqual({
      OR: [
        { status: { in: ["open", "reopened"] } },
        lastName({ string_contains: "open", mode: "insensitive" }),
        { members: { some: { relationship: { contains: "open", mode: "insensitive" } } } },
      ],
    });
    expect(cond("3", mixed)).toEqual({
      OR: [
        { status: { in: [] } },
        { OR: [lastName({ string_contains: "3", mode: "insensitive" }), lastName({ equals: 3 })] },
        { members: { some: { relationship: { contains: "3", mode: "insensitive" } } } },
        { priority: { equals: 3 } },
      ],
    });
  });

  it("searches free-form full-text paths", () => {
    expect(cond("ann", freeFormSpec)).toEqual({
      OR: [
        lastName({ string_contains: "ann", mode: "insensitive" }),
        at(["name", "firstName"], { string_contains: "ann", mode: "insensitive" }),
      ],
    });
  });

  it("treats an undeclared full-text field as a spec bug, not a client error", () => {
    expect(() => where("x", { ...spec, fullText: ["missing"] })).toThrow(
      new Error("list spec 'things': full-text field 'missing' is not a field"),
    );
  });
});
