import { unacceptableJson } from "./json-shape";
import { unstorableTextReason } from "@pap/core";

const nested = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);

describe("request body shape", () => {
  it("accepts bodies up to the depth limit and refuses deeper ones with 400 at the field", () => {
    expect(unacceptableJson(nested(3), 3)).toBeUndefined();
    expect(unacceptableJson(nested(4), 3)?.toEnvelope()).toMatchObject({ code: "BAD_REQUEST", details: [{ field: "a.a.a" }] });
    expect(unacceptableJson({ list: [[[1]]] }, 3)?.status).toBe(400);
  });

  it("walks a body nested far past the limit without recursing", () => {
    expect(unacceptableJson(nested(100_000), 32)?.status).toBe(400);
  });

  it("refuses NUL and lone surrogates in values and keys with 422 naming the field", () => {
    expect(unacceptableJson({ name: { first: "a\u0000" } }, 32)?.toEnvelope()).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ field: "name.first" }],
    });
    expect(unacceptableJson({ tags: ["x", "\ud800"] }, 32)?.details?.[0]?.field).toBe("tags.1");
    expect(unacceptableJson({ "k\u0000": 1 }, 32)?.status).toBe(422);
    expect(unacceptableJson("\udc00", 32)?.details?.[0]?.field).toBe("body");
  });

  it("lets paired surrogates and ordinary text through", () => {
    expect(unacceptableJson({ name: "Zoë 😀", n: 1, ok: true, none: null }, 32)).toBeUndefined();
    expect(unstorableTextReason("a\ud83d\ude00b")).toBeUndefined();
    expect(unstorableTextReason("\ude00\ud83d")).toMatch(/surrogate/);
  });
});
