import { fromQueryText } from "./variables";

describe("fromQueryText", () => {
  it("reads a numeric field's digits as a number, and a boolean field's true or false as a boolean", () => {
    expect(fromQueryText("integer", "25")).toBe(25);
    expect(fromQueryText("integer", "-3")).toBe(-3);
    expect(fromQueryText("number", "2.5")).toBe(2.5);
    expect(fromQueryText("boolean", "true")).toBe(true);
    expect(fromQueryText("boolean", "false")).toBe(false);
  });

  it("leaves anything else as sent, for the field's check to refuse by name", () => {
    expect(fromQueryText("integer", "ten")).toBe("ten");
    expect(fromQueryText("integer", "")).toBe("");
    expect(fromQueryText("integer", "1e3")).toBe("1e3");
    expect(fromQueryText("boolean", "yes")).toBe("yes");
    expect(fromQueryText("string", "25")).toBe("25");
    expect(fromQueryText("integer", ["1", "2"])).toEqual(["1", "2"]);
  });
});
