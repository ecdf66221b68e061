import { etagOf, preconditionOf, preconditionSetting } from ".";

const id = "5b4f2c1e-0000-4000-8000-000000000001";

describe("a record's ETag", () => {
  it("names the record and its version, the millisecond of its updatedAt", () => {
    expect(etagOf({ id, updatedAt: "2026-11-28T10:00:00.123Z" })).toBe(`"${id}:${Date.parse("2026-11-28T10:00:00.123Z")}"`);
    expect(etagOf({ id, updatedAt: new Date(5) })).toBe(`"${id}:5"`);
  });

  it("is none for a record without a version", () => {
    expect(etagOf({ id })).toBeUndefined();
    expect(etagOf({ updatedAt: "2026-11-28T10:00:00Z" })).toBeUndefined();
    expect(etagOf(null)).toBeUndefined();
  });
});

describe("If-Match", () => {
  it("asks nothing when absent or *", () => {
    expect(preconditionOf(undefined)).toBeUndefined();
    expect(preconditionOf(" * ")).toBeUndefined();
  });

  it("names the record and the version the change is held to", () => {
    const precondition = preconditionOf(`"${id.toUpperCase()}:1764324000123"`)!;
    expect(precondition).toEqual({ id, version: "1764324000123" });
    expect(preconditionSetting(precondition)).toBe(`${id} 1764324000123`);
  });

  it("is 412 at once for what no version can match: a weak ETag, another server's, or no ETag at all", () => {
    for (const header of [`W/"${id}:1"`, '"abc"', `"${id}"`, "unquoted"])
      expect(() => preconditionOf(header)).toThrow(expect.objectContaining({ status: 412, code: "PRECONDITION_FAILED" }));
  });
});
