import { buildSchema, parse, validate } from "graphql";
import { queryLimitsRule, refuseDeepText, textNestingDepth } from "./limits";

const schema = buildSchema(`
  type Person { id: ID! name: String cases(limit: Int): [Case!]! friend: Person }
  type Case { id: ID! members: [Person!]! }
  type Query { persons(limit: Int): [Person!]! person(id: ID!): Person }
`);

const codes = (query: string, limits = { maxDepth: 4, maxCost: 1000, maxSelections: 10, maxTokens: 1000 }) =>
  validate(schema, parse(query), [queryLimitsRule(limits)]).map((error) => error.extensions.code);

describe("query limits", () => {
  it("let ordinary queries through", () => {
    expect(codes(`{ persons(limit: 10) { id name cases(limit: 5) { id } } }`)).toEqual([]);
  });

  it("refuse nesting deeper than allowed, through fragments too", () => {
    expect(codes(`{ person(id: 1) { friend { friend { friend { friend { id } } } } } }`)).toEqual(["QUERY_TOO_DEEP"]);
    expect(codes(`{ person(id: 1) { ...F } } fragment F on Person { friend { friend { friend { friend { id } } } } }`)).toEqual([
      "QUERY_TOO_DEEP",
    ]);
  });

  it("multiply the cost of nested lists by their page sizes", () => {
    // 100 persons × (1 + 100 cases × (1 + 25 members × 1)): far past 1,000.
    expect(codes(`{ persons(limit: 100) { cases(limit: 100) { members { id } } } }`)).toEqual(["QUERY_TOO_COMPLEX"]);
    expect(codes(`{ persons(limit: 2) { cases(limit: 2) { members { id } } } }`)).toEqual([]);
  });

  it("count a page size given by a variable as the largest page", () => {
    expect(codes(`query ($n: Int) { persons(limit: $n) { cases(limit: $n) { id } } }`)).toEqual(["QUERY_TOO_COMPLEX"]);
  });

  it("leave introspection fields out of the measure", () => {
    expect(codes(`{ __schema { types { fields { type { ofType { ofType { ofType { name } } } } } } } }`)).toEqual([]);
  });

  it("refuse a selection set naming more fields than allowed, aliases counted one by one", () => {
    const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: person(id: 1) { id }`).join(" ")} }`;
    expect(codes(aliases(10))).toEqual([]);
    expect(codes(aliases(11))).toEqual(["QUERY_TOO_COMPLEX"]);
  });
});

describe("list sizes", () => {
  const paged = buildSchema(`
    type Person { id: ID! cases: [Case!]! }
    type Case { id: ID! members: [Person!]! }
    type PersonList { total: Int! items: [Person!]! }
    type Query { persons(limit: Int): PersonList! }
  `);
  const cost = (query: string, relationSizes: Record<string, number> = {}) => {
    const [error] = validate(paged, parse(query), [
      queryLimitsRule({ maxDepth: 20, maxCost: 1, maxSelections: 100, maxTokens: 1000 }, relationSizes),
    ]);
    return Number(/about (\d+) fields/.exec(error?.message ?? "")?.[1]);
  };

  it("count a page's items by the page asked for, not by the default page", () => {
    // persons 1 + total 1 + items (1 + 5 × id 1)
    expect(cost(`{ persons(limit: 5) { total items { id } } }`)).toBe(8);
    expect(cost(`{ persons { items { id } } }`)).toBe(1 + 1 + 25);
  });

  it("count a relation list by its declared size, else a handful", () => {
    // items (1 + 2 × (cases 1 + 5 × (id 1)))
    expect(cost(`{ persons(limit: 2) { items { cases { id } } } }`)).toBe(1 + 1 + 2 * (1 + 5));
    expect(cost(`{ persons(limit: 2) { items { cases { id } } } }`, { "Person.cases": 3 })).toBe(1 + 1 + 2 * (1 + 3));
  });
});

describe("text nesting", () => {
  it("counts brackets, braces and parentheses, not those inside strings or comments", () => {
    expect(textNestingDepth(`{ person(id: 1) { cases(limit: [1]) { id } } }`)).toBe(4);
    expect(textNestingDepth(`{ person(id: "{{{{((") { id } } # {{{{{{`)).toBe(2);
    expect(textNestingDepth(`{ person(id: """ {{{{ "" """) { id } }`)).toBe(2);
    expect(textNestingDepth(`{ a(s: "esc \\" {{{{ ") }`)).toBe(2);
  });

  it("refuses a document nested thousands of levels deep without parsing it", () => {
    const deep = `{${"me {".repeat(5000)} id ${"}".repeat(5001)}`;
    expect(refuseDeepText(deep, { maxDepth: 12, maxCost: 1, maxSelections: 1, maxTokens: 1 })?.extensions.code).toBe("QUERY_TOO_DEEP");
    expect(refuseDeepText(`{ me { id } }`, { maxDepth: 12, maxCost: 1, maxSelections: 1, maxTokens: 1 })).toBeUndefined();
  });
});
