import { outcomeOf, ssnDigits } from "./outcome";

describe("ssnDigits", () => {
  it("strips dashes and spaces and keeps nine digits", () => {
    expect(ssnDigits("123-45-6789")).toBe("123456789");
    expect(ssnDigits(" 123 45 6789 ")).toBe("123456789");
    expect(ssnDigits("123456789")).toBe("123456789");
  });

  it("is null when there is no SSN or it is not nine digits", () => {
    for (const ssn of [undefined, null, "", "12345678", "1234567890", "abc-de-fghi", 123456789]) expect(ssnDigits(ssn)).toBeNull();
  });
});

describe("outcomeOf", () => {
  it.each([
    ["123-45-6780", "conclusive"],
    ["123-45-6781", "conclusive"],
    ["123-45-6782", "conclusive"],
    ["123-45-6783", "conclusive"],
    ["123-45-6784", "conclusive"],
    ["123-45-6785", "conclusive"],
    ["123-45-6786", "inconclusive"],
    ["123-45-6787", "partial"],
  ])("answers %s %s, without delay", (ssn, result) => {
    expect(outcomeOf({ ssn })).toEqual({ kind: "answer", result, ssn: ssn.replace(/-/g, ""), slow: false });
  });

  it("fails for a last digit 8 and is slow but conclusive for 9", () => {
    expect(outcomeOf({ ssn: "123456788" })).toEqual({ kind: "fail" });
    expect(outcomeOf({ ssn: "123456789" })).toEqual({ kind: "answer", result: "conclusive", ssn: "123456789", slow: true });
  });

  it("is inconclusive without a usable SSN", () => {
    for (const subject of [undefined, null, {}, { ssn: null }, { ssn: "12345" }])
      expect(outcomeOf(subject)).toEqual({ kind: "answer", result: "inconclusive", ssn: null, slow: false });
  });

  it("drops the connection for the surname Unreachable, in any case, whatever the SSN", () => {
    expect(outcomeOf({ lastName: "Unreachable", ssn: "123456780" })).toEqual({ kind: "drop" });
    expect(outcomeOf({ lastName: " UNREACHABLE ", ssn: "123456788" })).toEqual({ kind: "drop" });
    expect(outcomeOf({ lastName: "unreachable" })).toEqual({ kind: "drop" });
    expect(outcomeOf({ lastName: "Unreachables", ssn: "123456780" }).kind).toBe("answer");
  });
});
