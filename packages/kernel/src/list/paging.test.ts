import { ApiError } from "@pap/core";
import { listEnvelope, listParamsFromQuery, resolvePaging } from "./paging";

function badRequestOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe("BAD_REQUEST");
    expect(apiError.message).toBe("Invalid list parameters.");
    return apiError;
  }
  throw new Error("expected a 400");
}

const LIMIT = { field: "limit", message: "must be an integer from 1 to 100" };
const OFFSET = { field: "offset", message: "must be an integer of 0 or more" };

describe("resolvePaging", () => {
  it("defaults to limit 25, offset 0", () => {
    expect(resolvePaging({})).toEqual({ limit: 25, offset: 0 });
    expect(resolvePaging({ limit: null, offset: null })).toEqual({ limit: 25, offset: 0 });
  });

  it("accepts the bounds", () => {
    expect(resolvePaging({ limit: 1, offset: 0 })).toEqual({ limit: 1, offset: 0 });
    expect(resolvePaging({ limit: 100, offset: 5000 })).toEqual({ limit: 100, offset: 5000 });
  });

  it.each([0, 101, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects limit %p", (limit) => {
    expect(badRequestOf(() => resolvePaging({ limit })).details).toEqual([LIMIT]);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects offset %p", (offset) => {
    expect(badRequestOf(() => resolvePaging({ offset })).details).toEqual([OFFSET]);
  });

  it("reports both problems at once", () => {
    expect(badRequestOf(() => resolvePaging({ limit: 0, offset: -1 })).details).toEqual([LIMIT, OFFSET]);
  });
});

describe("listParamsFromQuery", () => {
  it("reads nothing from an empty query", () => {
    expect(listParamsFromQuery({})).toEqual({});
  });

  it("reads every parameter as typed values and ignores others", () => {
    expect(listParamsFromQuery({ q: "status:open", sort: "-createdAt", limit: "10", offset: "20", documentTypeId: "x" })).toEqual({
      q: "status:open",
      sort: "-createdAt",
      limit: 10,
      offset: 20,
    });
  });

  it("keeps empty q and sort (they mean 'no filter' and 'default sort')", () => {
    expect(listParamsFromQuery({ q: "", sort: "" })).toEqual({ q: "", sort: "" });
  });

  it("accepts numbers already coerced by the framework", () => {
    expect(listParamsFromQuery({ limit: 5, offset: 0 })).toEqual({ limit: 5, offset: 0 });
  });

  it.each([
    [{ limit: "abc" }, [LIMIT]],
    [{ limit: "1.5" }, [LIMIT]],
    [{ limit: "" }, [LIMIT]],
    [{ limit: " 5" }, [LIMIT]],
    [{ limit: "1e2" }, [LIMIT]],
    [{ limit: "0" }, [LIMIT]],
    [{ limit: "101" }, [LIMIT]],
    [{ limit: 1.5 }, [LIMIT]],
    [{ offset: "-1" }, [OFFSET]],
    [{ offset: "x" }, [OFFSET]],
    [{ offset: "99999999999999999999" }, [OFFSET]],
    [{ limit: "abc", offset: "-1" }, [LIMIT, OFFSET]],
  ])("rejects %j", (query, details) => {
    expect(badRequestOf(() => listParamsFromQuery(query)).details).toEqual(details);
  });

  it("rejects repeated parameters", () => {
    expect(badRequestOf(() => listParamsFromQuery({ q: ["a", "b"], limit: ["1", "2"] })).details).toEqual([
      { field: "q", message: "must be given at most once" },
      { field: "limit", message: "must be given at most once" },
    ]);
  });

  it("rejects nested values", () => {
    expect(badRequestOf(() => listParamsFromQuery({ sort: { a: "1" } })).details).toEqual([
      { field: "sort", message: "must be a single value" },
    ]);
  });
});

describe("listEnvelope", () => {
  it("carries the page and says whether more items follow", () => {
    expect(listEnvelope(["a", "b"], 5, { limit: 2, offset: 0 })).toEqual({
      items: ["a", "b"],
      total: 5,
      limit: 2,
      offset: 0,
      hasNext: true,
    });
    expect(listEnvelope(["e"], 5, { limit: 2, offset: 4 })).toEqual({ items: ["e"], total: 5, limit: 2, offset: 4, hasNext: false });
    expect(listEnvelope(["c", "d"], 4, { limit: 2, offset: 2 })).toEqual({
      items: ["c", "d"],
      total: 4,
      limit: 2,
      offset: 2,
      hasNext: false,
    });
    expect(listEnvelope([], 0, { limit: 25, offset: 0 })).toEqual({ items: [], total: 0, limit: 25, offset: 0, hasNext: false });
    expect(listEnvelope([], 3, { limit: 25, offset: 10 })).toEqual({ items: [], total: 3, limit: 25, offset: 10, hasNext: false });
  });
});
