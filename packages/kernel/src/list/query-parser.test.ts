import { ApiError } from "@pap/core";
import { parseQuery, type QueryNode } from "./query-parser";

const one = (q: string): QueryNode => {
  const nodes = parseQuery(q);
  expect(nodes).toHaveLength(1);
  return nodes[0] as QueryNode;
};

function parseError(q: string): ApiError {
  try {
    parseQuery(q);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`expected '${q}' to be rejected`);
}

describe("parseQuery: empty input", () => {
  it.each(["", "   ", "\t\n "])("has no conditions for %j", (q) => {
    expect(parseQuery(q)).toEqual([]);
  });
});

describe("parseQuery: bare terms", () => {
  it("parses a plain term", () => {
    expect(one("smith")).toEqual({ kind: "term", negated: false, position: 0, value: { text: "smith", match: "plain" } });
  });

  it("parses a prefix term", () => {
    expect(one("smi*")).toEqual({ kind: "term", negated: false, position: 0, value: { text: "smi", match: "startsWith" } });
  });

  it("parses a suffix term", () => {
    expect(one("*ith")).toEqual({ kind: "term", negated: false, position: 0, value: { text: "ith", match: "endsWith" } });
  });

  it("parses *term* as contains", () => {
    expect(one("*mit*")).toEqual({ kind: "term", negated: false, position: 0, value: { text: "mit", match: "contains" } });
  });

  it("parses a quoted term with spaces and escaped quotes", () => {
    expect(one('"john \\"jj\\" smith"')).toEqual({
      kind: "term",
      negated: false,
      position: 0,
      value: { text: 'john "jj" smith', match: "plain" },
    });
  });

  it("keeps wildcards literal inside quotes and unescapes backslashes", () => {
    expect(one('"a*b \\\\ c"')).toEqual({ kind: "term", negated: false, position: 0, value: { text: "a*b \\ c", match: "plain" } });
  });

  it("parses a negated term and a negated quoted term", () => {
    expect(parseQuery('-smith -"big co"')).toEqual([
      { kind: "term", negated: true, position: 0, value: { text: "smith", match: "plain" } },
      { kind: "term", negated: true, position: 7, value: { text: "big co", match: "plain" } },
    ]);
  });

  it("keeps commas and inner dashes of bare terms literal", () => {
    expect(parseQuery("a,b x-y")).toEqual([
      { kind: "term", negated: false, position: 0, value: { text: "a,b", match: "plain" } },
      { kind: "term", negated: false, position: 4, value: { text: "x-y", match: "plain" } },
    ]);
  });
});

describe("parseQuery: field conditions", () => {
  it("parses field:value", () => {
    expect(one("status:active")).toEqual({
      kind: "match",
      negated: false,
      position: 0,
      field: "status",
      values: [{ text: "active", match: "plain" }],
    });
  });

  it("parses field:value* and field:*value and field:*value*", () => {
    expect(parseQuery("a:smi* b:*ith c:*mit*")).toEqual([
      { kind: "match", negated: false, position: 0, field: "a", values: [{ text: "smi", match: "startsWith" }] },
      { kind: "match", negated: false, position: 7, field: "b", values: [{ text: "ith", match: "endsWith" }] },
      { kind: "match", negated: false, position: 14, field: "c", values: [{ text: "mit", match: "contains" }] },
    ]);
  });

  it('parses field:"quoted value"', () => {
    expect(one('title:"annual report \\"2026\\""')).toEqual({
      kind: "match",
      negated: false,
      position: 0,
      field: "title",
      values: [{ text: 'annual report "2026"', match: "plain" }],
    });
  });

  it("parses nested field names", () => {
    expect(one("a.b.c:value")).toEqual({
      kind: "match",
      negated: false,
      position: 0,
      field: "a.b.c",
      values: [{ text: "value", match: "plain" }],
    });
  });

  it("keeps colons after the first one in the value", () => {
    expect(one("at:10:30")).toEqual({
      kind: "match",
      negated: false,
      position: 0,
      field: "at",
      values: [{ text: "10:30", match: "plain" }],
    });
  });

  it.each([
    ["amount:>5", "gt", "5"],
    ["amount:>=5", "gte", "5"],
    ["amount:<5", "lt", "5"],
    ["amount:<=5", "lte", "5"],
    ["createdAt:>=2026-01-05T10:00:00Z", "gte", "2026-01-05T10:00:00Z"],
  ])("parses the comparison %s", (q, operator, value) => {
    expect(one(q)).toEqual({ kind: "compare", negated: false, position: 0, field: q.split(":")[0], operator, value });
  });

  it("parses a quoted comparison value", () => {
    expect(one('name:>="m n"')).toEqual({ kind: "compare", negated: false, position: 0, field: "name", operator: "gte", value: "m n" });
  });

  it("parses any-of, with quoted and wildcard items", () => {
    expect(one('status:open,"in progress",clo*,*ed')).toEqual({
      kind: "match",
      negated: false,
      position: 0,
      field: "status",
      values: [
        { text: "open", match: "plain" },
        { text: "in progress", match: "plain" },
        { text: "clo", match: "startsWith" },
        { text: "ed", match: "endsWith" },
      ],
    });
  });

  it("parses quoted values containing commas as one value", () => {
    expect(one('city:"a,b",c')).toEqual({
      kind: "match",
      negated: false,
      position: 0,
      field: "city",
      values: [
        { text: "a,b", match: "plain" },
        { text: "c", match: "plain" },
      ],
    });
  });

  it("parses negation of every field form", () => {
    expect(parseQuery("-status:a,b -amount:>=3 -x.y:*z -note:*")).toEqual([
      {
        kind: "match",
        negated: true,
        position: 0,
        field: "status",
        values: [
          { text: "a", match: "plain" },
          { text: "b", match: "plain" },
        ],
      },
      { kind: "compare", negated: true, position: 12, field: "amount", operator: "gte", value: "3" },
      { kind: "match", negated: true, position: 24, field: "x.y", values: [{ text: "z", match: "endsWith" }] },
      { kind: "exists", negated: true, position: 32, field: "note" },
    ]);
  });

  it("parses field:* as exists", () => {
    expect(one("assignedToId:*")).toEqual({ kind: "exists", negated: false, position: 0, field: "assignedToId" });
  });

  it("ANDs conditions separated by any whitespace, keeping their positions", () => {
    expect(parseQuery("  smith\tstatus:open\n -x:*  ")).toEqual([
      { kind: "term", negated: false, position: 2, value: { text: "smith", match: "plain" } },
      { kind: "match", negated: false, position: 8, field: "status", values: [{ text: "open", match: "plain" }] },
      { kind: "exists", negated: true, position: 21, field: "x" },
    ]);
  });
});

describe("parseQuery: syntax errors", () => {
  it.each([
    ['"unterminated', "unterminated quoted value", 0],
    ['name:"unterminated', "unterminated quoted value", 5],
    ['name:"ends with escape\\"', "unterminated quoted value", 5],
    ["name:", "missing value after 'name:'", 5],
    ["name: smith", "missing value after 'name:'", 5],
    [":value", "missing field name before ':'", 0],
    ["-:value", "missing field name before ':'", 1],
    ["1abc:x", "invalid field name '1abc'", 0],
    ["a..b:x", "invalid field name 'a..b'", 0],
    ["a-b:x", "invalid field name 'a-b'", 0],
    ["-", "'-' must be followed by a condition", 0],
    ["x - y", "'-' must be followed by a condition", 2],
    ["--x", "a condition can be negated only once", 1],
    ["status:a,,b", "empty value in the list for 'status'", 9],
    ["status:,a", "empty value in the list for 'status'", 7],
    ["status:a,", "empty value after ',' for 'status'", 9],
    ["status:a, b", "empty value after ',' for 'status'", 9],
    ["amount:>", "missing value after 'amount:>'", 8],
    ["amount:>= 5", "missing value after 'amount:>='", 9],
    ["amount:<>5", "invalid comparison operator in 'amount:'", 7],
    ["amount:>a*", "wildcards cannot be used with comparisons", 8],
    ["amount:>1,2", "a comparison takes a single value", 8],
    ['amount:>""', "empty value after 'amount:>'", 8],
    ["*", "a bare '*' matches nothing specific; give a term or use 'field:*'", 0],
    ["**", "a value needs more than wildcards", 0],
    ["name:**", "a value needs more than wildcards", 5],
    ["name:a,*", "a value needs more than wildcards", 7],
    ["sm*th", "'*' may only start or end a value; quote the value to search for '*'", 2],
    ["name:*a*b*", "'*' may only start or end a value; quote the value to search for '*'", 7],
    ['""', "empty quoted term", 0],
    ['name:""', "empty value for 'name'", 5],
    ['"a"b', "unexpected 'b' after quoted term; separate conditions with spaces", 3],
    ['name:"a"*', "unexpected '*' after value; separate conditions with spaces", 8],
    ['name:"a"b', "unexpected 'b' after value; separate conditions with spaces", 8],
    ['ab"c d"', "unexpected '\"' inside a term; quote the whole value", 2],
    ['name:ab"c"', "unexpected '\"' inside a value; quote the whole value", 7],
    ['amount:>1"', "unexpected '\"' inside a value; quote the whole value", 9],
  ])("rejects %j: %s", (q, message, position) => {
    const error = parseError(q);
    expect(error.status).toBe(400);
    expect(error.code).toBe("INVALID_QUERY");
    expect(error.message).toBe(message);
    expect(error.details).toEqual([{ field: "q", message: `${message} (at character ${position + 1})` }]);
  });
});
