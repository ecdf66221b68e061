import { parse, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from "graphql";
import type { FieldDeclaration } from "../resource/declaration";
import { mayHoldSensitive, sensitivePathsOf, withoutIdentifiers } from "./sensitive-reads";

const names = new Set(["ssn", "dateOfBirth"]);

/** The selection of `field` in a query, and the query's fragments. */
function selectionOf(query: string, field: string): { selections: SelectionSetNode[]; fragments: Record<string, FragmentDefinitionNode> } {
  const document = parse(query);
  const fragments = Object.fromEntries(
    document.definitions
      .filter((node): node is FragmentDefinitionNode => node.kind === "FragmentDefinition")
      .map((node) => [node.name.value, node]),
  );
  const operation = document.definitions.find((node): node is OperationDefinitionNode => node.kind === "OperationDefinition")!;
  const root = operation.selectionSet.selections[0];
  const found =
    root?.kind === "Field" ? root.selectionSet?.selections.find((node) => node.kind === "Field" && node.name.value === field) : undefined;
  return { selections: found?.kind === "Field" && found.selectionSet ? [found.selectionSet] : [], fragments };
}

const identity: FieldDeclaration = {
  kind: "object",
  fields: {
    ssn: { kind: "string" },
    dateOfBirth: { kind: "date" },
    firstName: { kind: "string" },
    taxId: { kind: "string", column: "tin" },
  },
};
const value = { ssn: "219-09-9999", dateOfBirth: "1970-01-01", firstName: "Ada", tin: "12-3456789" };

describe("the sensitive paths a field's value shows", () => {
  it("a field named sensitive, or declared audited, is itself the path, when it holds a value", () => {
    expect([...sensitivePathsOf("ssn", { kind: "string" }, "219-09-9999", [], {}, names)]).toEqual(["ssn"]);
    expect([...sensitivePathsOf("amount", { kind: "number", audited: true }, 0, [], {}, names)]).toEqual(["amount"]);
    expect([...sensitivePathsOf("ssn", { kind: "string" }, null, [], {}, names)]).toEqual([]);
    expect([...sensitivePathsOf("amount", { kind: "number" }, 1200, [], {}, names)]).toEqual([]);
  });

  it("free-form JSON is searched at any depth, through arrays, for sensitive keys holding a value", () => {
    const attributes = {
      name: { first: "Ada" },
      ssn: "219-09-9999",
      ids: [{ dateOfBirth: "1970-01-01" }, { dateOfBirth: null }],
      dateOfBirth: null,
    };
    expect([...sensitivePathsOf("attributes", { kind: "json" }, attributes, [], {}, names)].sort()).toEqual([
      "attributes.ids.dateOfBirth",
      "attributes.ssn",
    ]);
  });

  it("a nested record shows only what the query selected of it, through fragments and stored columns", () => {
    const plain = selectionOf("{ person { identity { firstName } } }", "identity");
    expect([...sensitivePathsOf("identity", identity, value, plain.selections, plain.fragments, names)]).toEqual([]);
    const fragment = selectionOf(
      "query { person { identity { ...Ids ... on Identity { dateOfBirth } } } } fragment Ids on Identity { ssn }",
      "identity",
    );
    expect([...sensitivePathsOf("identity", identity, value, fragment.selections, fragment.fragments, names)].sort()).toEqual([
      "identity.dateOfBirth",
      "identity.ssn",
    ]);
    // A deployment's own identifier, stored under another column.
    const tin = selectionOf("{ person { identity { taxId } } }", "identity");
    expect([...sensitivePathsOf("identity", identity, value, tin.selections, tin.fragments, new Set(["taxId"]))]).toEqual([
      "identity.taxId",
    ]);
  });

  it("ids, instants, flags and enum values are never looked at; text, numbers, dates and records are", () => {
    expect(mayHoldSensitive({ kind: "uuid" })).toBe(false);
    expect(mayHoldSensitive({ kind: "datetime" })).toBe(false);
    expect(mayHoldSensitive({ kind: "enum" })).toBe(false);
    expect(mayHoldSensitive({ kind: "string" })).toBe(true);
    expect(mayHoldSensitive({ kind: "date" })).toBe(true);
    expect(mayHoldSensitive({ kind: "json" })).toBe(true);
    expect(mayHoldSensitive({ kind: "number", audited: true })).toBe(true);
    // The event log's data holds `[redacted]` where a value was.
    expect(mayHoldSensitive({ kind: "jsonValue", audited: false })).toBe(false);
  });
});

describe("a value without identifiers (a partner's agreement withholding them)", () => {
  it("is null for a field sensitive by its name", () => {
    expect(withoutIdentifiers("ssn", "123-45-6781", names)).toBeNull();
  });

  it("leaves every sensitive key out of nested and listed values, and keeps the rest", () => {
    const member = { name: "Ana", personalInformation: { ssn: "123-45-6781", dateOfBirth: "1988-03-14", isUsCitizen: true } };
    expect(withoutIdentifiers("member", [member], names)).toEqual([{ name: "Ana", personalInformation: { isUsCitizen: true } }]);
    // What was read is not changed: the loader's copy serves other callers of the request.
    expect(member.personalInformation.ssn).toBe("123-45-6781");
  });
});
