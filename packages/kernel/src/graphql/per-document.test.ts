import { parse } from "graphql";
import { perDocument } from "./per-document";

describe("a fact worked out once per document", () => {
  it("reads each document once, however often it is asked, and each document apart", () => {
    const read = jest.fn((document: ReturnType<typeof parse>) => document.definitions.length);
    const count = perDocument(read);
    const one = parse("{ a }");
    const two = parse("query A { a } query B { b }");
    expect([count(one), count(one), count(two), count(one), count(two)]).toEqual([1, 1, 2, 1, 2]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("remembers a falsy answer too", () => {
    const read = jest.fn(() => undefined);
    const nothing = perDocument(read);
    const document = parse("{ a }");
    nothing(document);
    nothing(document);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
