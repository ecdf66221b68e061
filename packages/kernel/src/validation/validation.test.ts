import { z } from "zod";
import { ApiError } from "@pap/core";
import { applyMergePatch } from "./merge-patch";
import { parseBody, requireObjectBody, withoutReadOnlyFields } from "./body";

describe("applyMergePatch", () => {
  it("merges nested objects key by key", () => {
    expect(applyMergePatch({ name: { first: "Ana", last: "Lopez" }, age: 3 }, { name: { last: "Diaz" } })).toEqual({
      name: { first: "Ana", last: "Diaz" },
      age: 3,
    });
  });
  it("removes keys patched with null, at any depth", () => {
    expect(applyMergePatch({ a: 1, b: { c: 2, d: 3 } }, { a: null, b: { d: null } })).toEqual({ b: { c: 2 } });
  });
  it("replaces arrays and scalars whole", () => {
    expect(applyMergePatch({ tags: [1, 2], n: 1 }, { tags: [3], n: "x" })).toEqual({ tags: [3], n: "x" });
  });
  it("does not modify the target", () => {
    const target = { a: { b: 1 } };
    applyMergePatch(target, { a: { b: 2 } });
    expect(target).toEqual({ a: { b: 1 } });
  });
});

describe("parseBody", () => {
  const schema = z.strictObject({ name: z.string(), size: z.number().int().optional() });

  it("returns the parsed value", () => {
    expect(parseBody(schema, { name: "x", size: 2 })).toEqual({ name: "x", size: 2 });
  });
  it("reports every problem in one 422, naming unknown fields individually", () => {
    try {
      parseBody(schema, { size: 1.5, extra: true, other: 1 });
      throw new Error("expected a validation error");
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(422);
      expect(apiError.code).toBe("VALIDATION_ERROR");
      expect(apiError.details?.map((detail) => detail.field).sort()).toEqual(["extra", "name", "other", "size"]);
    }
  });
});

describe("request body guards", () => {
  it("refuses non-objects and empty patches with 400", () => {
    for (const body of [null, [1], "text", 3])
      expect(() => requireObjectBody(body)).toThrow(expect.objectContaining({ status: 400, code: "BAD_REQUEST" }));
    expect(() => requireObjectBody({}, { nonEmpty: true })).toThrow(expect.objectContaining({ status: 400 }));
    expect(requireObjectBody({})).toEqual({});
  });
  it("drops server-set fields a client echoes back", () => {
    expect(withoutReadOnlyFields({ id: "x", createdAt: "t", updatedAt: "t", name: "n" })).toEqual({ name: "n" });
  });
});
