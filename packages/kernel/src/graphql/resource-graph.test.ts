import SchemaBuilder from "@pothos/core";
import { printSchema } from "graphql";
import type { Fields } from "../resource/declaration";
import { visit } from "../resource/visit.fixture";
import "./resource-graph";
import { sharedScalars, type SharedScalars } from "./scalars";

describe("graph types derived from a declaration", () => {
  function schemaOf(withHousehold: boolean) {
    // The plugins' option types are global once any of them is imported; this builder uses none.
    const builder = new SchemaBuilder<{ DefaultFieldNullability: false; Scalars: SharedScalars }>({
      defaultFieldNullability: false,
    } as never);
    for (const [name, scalar] of Object.entries(sharedScalars)) builder.addScalarType(name as keyof SharedScalars, scalar);
    const Household = builder.objectRef<{ id: string }>("Household").implement({ fields: (t) => ({ id: t.exposeID("id") }) });
    const Person = builder.objectRef<{ id: string }>("Person").implement({ fields: (t) => ({ id: t.exposeID("id") }) });
    const Visitor = builder.objectRef<Record<string, unknown>>("Visitor");
    Visitor.implement({
      fields: (t) =>
        t.declaredFields(visit.declaration.fields.visitors.fields, {
          person: t.field({ type: Person, nullable: true, resolve: () => null }),
        }),
    });
    const Visit = builder.objectRef<Record<string, unknown>>("Visit").implement({
      description: visit.declaration.description,
      fields: (t) =>
        // Widened to any declaration: the missing-resolver case is the schema build's to refuse, not the compiler's.
        t.declaredFields(visit.declaration.fields as Fields, {
          visitors: t.field({ type: [Visitor], resolve: () => [] }),
          ...(withHousehold && { household: t.field({ type: Household, nullable: true, resolve: () => null }) }),
        }),
    });
    const input = builder.inputTypeOf(visit.declaration, "create");
    builder.queryType({
      fields: (t) => ({ visit: t.field({ type: Visit, nullable: true, args: { input: t.arg({ type: input }) }, resolve: () => null }) }),
    });
    return printSchema(builder.toSchema({ sortSchema: false }));
  }

  it("builds the object type with each field's type and nullability, and the create input with what create writes", () => {
    const sdl = schemaOf(true);
    expect(sdl).toMatch(/A home visit\.\n"""\ntype Visit|"""A home visit\."""\ntype Visit/);
    expect(sdl).toContain(`type Visit {
  id: ID!
  title: String!
  notes: String
  status: VisitStatus!
  day: Date
  startsAt: DateTime!
  tags: [String!]!
  visitors: [Visitor!]!
  household: Household
  score: Int!
  ui: JSONObject!
  createdAt: DateTime!
}`);
    expect(sdl).toContain(`input VisitCreateInput {
  title: String!
  notes: String
  day: Date
  startsAt: DateTime!
  tags: [String!]
  visitors: [VisitorInput!]
  score: Int
}`);
    expect(sdl).toContain(`input VisitorInput {
  personId: ID!
  role: String
}`);
  });

  it("refuses to build a schema where a declared link has no resolver", () => {
    expect(() => schemaOf(false)).toThrow("field 'household' is resolved by its schema file, which gave no resolver for it");
  });
});
