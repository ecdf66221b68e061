import { ApiError } from "@pap/core";
import { parseSort, toOrderBy } from "./sort";
import type { ListSpec } from "./spec";

const spec: ListSpec = {
  resource: "cases",
  fields: {
    id: { kind: "uuid" },
    status: { kind: "enum", values: ["active", "closed"] },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
    effectiveStartDate: { kind: "date", nullable: true },
    effectiveEndDate: { kind: "date", nullable: true },
    priority: { kind: "integer" },
    notes: { kind: "string", nullable: true },
    name: { kind: "string", column: "lastName", nullable: true, sortBy: ["lastName", "firstName"] },
    "owner.name": { kind: "string", column: "displayName", relation: { name: "owner", many: false } },
    "owner.region.code": { kind: "string", column: "region.code", relation: { name: "owner", many: false } },
    memberId: { kind: "uuid", column: "personId", relation: { name: "members", many: true } },
    "extra.color": { kind: "json", column: "extra", path: ["color"] },
  },
  fullText: [],
  sortable: [
    "createdAt",
    "updatedAt",
    "effectiveStartDate",
    "effectiveEndDate",
    "status",
    "priority",
    "name",
    "owner.name",
    "owner.region.code",
  ],
  defaultSort: "-updatedAt",
};

function sortError(sort: string, s: ListSpec = spec): ApiError {
  try {
    parseSort(sort, s);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    return apiError;
  }
  throw new Error(`expected sort '${sort}' to be rejected`);
}

describe("parseSort", () => {
  it.each([undefined, null, "", "   "])("uses the default sort for %j, with the tie-breaker", (sort) => {
    expect(parseSort(sort, spec)).toEqual([
      { field: "updatedAt", direction: "desc" },
      { field: "id", direction: "asc" },
    ]);
  });

  it("parses directions in order and appends the tie-breaker ascending", () => {
    expect(parseSort("priority,-createdAt, status ", spec)).toEqual([
      { field: "priority", direction: "asc" },
      { field: "createdAt", direction: "desc" },
      { field: "status", direction: "asc" },
      { field: "id", direction: "asc" },
    ]);
  });

  it("accepts dotted names", () => {
    expect(parseSort("-owner.name", spec)).toEqual([
      { field: "owner.name", direction: "desc" },
      { field: "id", direction: "asc" },
    ]);
  });

  it("does not append the tie-breaker when already present, in either direction", () => {
    const withId: ListSpec = { ...spec, sortable: [...spec.sortable, "id"] };
    expect(parseSort("-id,status", withId)).toEqual([
      { field: "id", direction: "desc" },
      { field: "status", direction: "asc" },
    ]);
  });

  it("uses a custom tie-breaker", () => {
    expect(parseSort("status", { ...spec, tieBreaker: "createdAt" })).toEqual([
      { field: "status", direction: "asc" },
      { field: "createdAt", direction: "asc" },
    ]);
  });

  it("sorts by the tie-breaker alone when the default sort is empty", () => {
    expect(parseSort(undefined, { ...spec, defaultSort: "" })).toEqual([{ field: "id", direction: "asc" }]);
  });

  it("accepts exactly 5 fields", () => {
    expect(parseSort("createdAt,updatedAt,status,priority,name", spec)).toHaveLength(6);
  });

  it("rejects more than 5 fields with INVALID_SORT_FIELD", () => {
    const error = sortError("createdAt,updatedAt,status,priority,name,-effectiveStartDate");
    expect(error.code).toBe("INVALID_SORT_FIELD");
    expect(error.message).toBe("Invalid sort field 'effectiveStartDate'.");
    expect(error.details).toEqual([{ field: "sort", message: "sort accepts at most 5 fields; got 6" }]);
  });

  it.each(["created-at", "1st", "a..b", "--status", "+status", "status desc", "a.", ".a"])(
    "rejects the malformed name %j with INVALID_SORT_FIELD",
    (sort) => {
      const error = sortError(sort);
      expect(error.code).toBe("INVALID_SORT_FIELD");
      const field = sort.replace(/^-/, "");
      expect(error.message).toBe(`Invalid sort field '${field}'.`);
      expect(error.details).toEqual([
        {
          field: "sort",
          message: `'${sort}' is not a field name; use names like 'createdAt' or 'name.lastName', '-' first for descending`,
        },
      ]);
    },
  );

  it.each(["status,", ",status", "status,,priority", "-"])("rejects the empty field in %j with INVALID_SORT_FIELD", (sort) => {
    const error = sortError(sort);
    expect(error.code).toBe("INVALID_SORT_FIELD");
    if (sort === "-") {
      expect(error.details?.[0]?.message).toMatch(/is not a field name/);
    } else {
      expect(error.details).toEqual([{ field: "sort", message: "empty sort field; check for a stray comma" }]);
    }
  });

  it("rejects duplicates, whatever their direction, with INVALID_SORT_FIELD", () => {
    const error = sortError("status,-status");
    expect(error.code).toBe("INVALID_SORT_FIELD");
    expect(error.message).toBe("Invalid sort field 'status'.");
    expect(error.details).toEqual([{ field: "sort", message: "'status' appears more than once in sort" }]);
  });

  it("rejects a field of the resource that is not sortable with FIELD_NOT_SORTABLE", () => {
    const error = sortError("-notes");
    expect(error.code).toBe("FIELD_NOT_SORTABLE");
    expect(error.message).toBe("Cannot sort by 'notes'.");
    expect(error.details).toEqual([
      {
        field: "sort",
        message:
          "'notes' is not sortable; sortable fields: createdAt, updatedAt, effectiveStartDate, effectiveEndDate, status, priority, name, owner.name, owner.region.code",
      },
    ]);
  });

  it("treats the tie-breaker as a field of the resource even when undeclared", () => {
    const { id: _id, ...fields } = spec.fields;
    expect(sortError("id", { ...spec, fields }).code).toBe("FIELD_NOT_SORTABLE");
  });

  it("rejects a field that is not on the resource with INVALID_SORT_FIELD", () => {
    const error = sortError("colour");
    expect(error.code).toBe("INVALID_SORT_FIELD");
    expect(error.message).toBe("Invalid sort field 'colour'.");
    expect(error.details).toEqual([{ field: "sort", message: "'colour' is not a field of cases" }]);
  });

  it("does not mistake inherited object members for fields", () => {
    expect(sortError("constructor").code).toBe("INVALID_SORT_FIELD");
  });

  it("reports free-form paths as existing but not sortable", () => {
    const freeForm: ListSpec = { ...spec, freeForm: { column: "attributes" } };
    expect(sortError("name.lastName", freeForm).code).toBe("FIELD_NOT_SORTABLE");
  });

  it("says 'none' when nothing is sortable", () => {
    expect(sortError("status", { ...spec, sortable: [], defaultSort: "" }).details).toEqual([
      { field: "sort", message: "'status' is not sortable; sortable fields: none" },
    ]);
  });
});

describe("toOrderBy", () => {
  const orderBy = (sort: string | undefined) => toOrderBy(parseSort(sort, spec), spec);

  it("orders required fields plainly", () => {
    expect(orderBy("priority,-createdAt")).toEqual([{ priority: "asc" }, { createdAt: "desc" }, { id: "asc" }]);
  });

  it("puts NULLs last ascending and first descending on nullable fields", () => {
    expect(orderBy("effectiveStartDate,-effectiveEndDate")).toEqual([
      { effectiveStartDate: { sort: "asc", nulls: "last" } },
      { effectiveEndDate: { sort: "desc", nulls: "first" } },
      { id: "asc" },
    ]);
  });

  it("orders by every sortBy field", () => {
    expect(orderBy("-name")).toEqual([
      { lastName: { sort: "desc", nulls: "first" } },
      { firstName: { sort: "desc", nulls: "first" } },
      { id: "asc" },
    ]);
  });

  it("orders through to-one relations, nesting dotted columns", () => {
    expect(orderBy("owner.name,-owner.region.code")).toEqual([
      { owner: { displayName: "asc" } },
      { owner: { region: { code: "desc" } } },
      { id: "asc" },
    ]);
  });

  it("orders by the default sort", () => {
    expect(orderBy(undefined)).toEqual([{ updatedAt: "desc" }, { id: "asc" }]);
  });

  it("uses the column of a declared tie-breaker and the name of an undeclared one", () => {
    const renamed: ListSpec = { ...spec, fields: { ...spec.fields, id: { kind: "uuid", column: "caseId" } } };
    expect(toOrderBy(parseSort("status", renamed), renamed)).toEqual([{ status: "asc" }, { caseId: "asc" }]);
    const { id: _id, ...fields } = spec.fields;
    const undeclared: ListSpec = { ...spec, fields };
    expect(toOrderBy(parseSort("status", undeclared), undeclared)).toEqual([{ status: "asc" }, { id: "asc" }]);
  });

  it("throws a spec error for fields Prisma cannot order by", () => {
    expect(() => toOrderBy([{ field: "extra.color", direction: "asc" }], spec)).toThrow(
      new Error("list spec 'cases': 'extra.color' is a JSON path, which Prisma cannot order by"),
    );
    expect(() => toOrderBy([{ field: "memberId", direction: "asc" }], spec)).toThrow(
      new Error("list spec 'cases': 'memberId' lives on a to-many relation, which cannot be ordered by"),
    );
    expect(() => toOrderBy([{ field: "nope", direction: "asc" }], spec)).toThrow(
      new Error("list spec 'cases': cannot order by undeclared field 'nope'"),
    );
  });
});
