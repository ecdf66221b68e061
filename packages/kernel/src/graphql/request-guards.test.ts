import { parse } from "graphql";
import { unrepresentableNumber } from "./request-guards";

describe("number literals no JavaScript number holds", () => {
  it("are found wherever they stand: an argument, an object's field, a list, a default", () => {
    expect(unrepresentableNumber(parse("{ a(x: 1e999) }"))).toBe("1e999");
    expect(unrepresentableNumber(parse("{ a(x: { y: [1, -9e999] }) }"))).toBe("-9e999");
    expect(unrepresentableNumber(parse("query ($v: Float = 2e400) { a(x: $v) }"))).toBe("2e400");
  });
  it("leave every finite number alone, the largest included", () => {
    expect(unrepresentableNumber(parse("{ a(x: 1.7976931348623157e308, y: 99999999999999999999, z: -0.5) }"))).toBeUndefined();
  });
});
