import {
  execute,
  GraphQLError,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type ExecutionArgs,
} from "graphql";
import { compiledExecution } from "./compiled-execution";

type Person = { id: string; name: string | null; age: number; friends: string[] };
const people: Record<string, Person> = {
  a: { id: "a", name: "Ana", age: 41, friends: ["b"] },
  b: { id: "b", name: null, age: 39, friends: [] },
};
// Computed fields have resolvers, as every Pothos field that computes does; plain ones are read as properties.
const PersonType: GraphQLObjectType = new GraphQLObjectType({
  name: "Person",
  fields: () => ({
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    age: { type: GraphQLInt },
    friends: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(PersonType))),
      resolve: (person: Person) => Promise.resolve(person.friends.map((friend) => people[friend])),
    },
  }),
});
// An object the caller may not see: every field of it refuses, as a type-wide authorization rule does.
const refuse = () => Promise.reject(new GraphQLError("Not yours.", { extensions: { code: "FORBIDDEN" } }));
const GuardedType = new GraphQLObjectType({
  name: "Guarded",
  fields: {
    a: { type: new GraphQLNonNull(GraphQLString), resolve: refuse },
    b: { type: new GraphQLNonNull(GraphQLString), resolve: () => Promise.reject(new GraphQLError("Not yours either.")) },
    c: { type: GraphQLString, resolve: refuse },
    d: { type: GraphQLString, resolve: refuse },
  },
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      person: { type: PersonType, args: { id: { type: new GraphQLNonNull(GraphQLID) } }, resolve: (_root, { id }) => people[id] ?? null },
      guarded: { type: GuardedType, resolve: () => ({}) },
      guardedMany: { type: new GraphQLList(GuardedType), resolve: () => [{}, {}] },
      sum: {
        type: GraphQLInt,
        args: { a: { type: new GraphQLNonNull(GraphQLInt) }, b: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_root, { a, b }) => a + b,
      },
      refused: {
        type: new GraphQLNonNull(PersonType),
        resolve: () => {
          throw new GraphQLError("Not allowed.", { extensions: { code: "FORBIDDEN" } });
        },
      },
    },
  }),
});
const rootValue = undefined;

/** What graphql-js answers and what the compiled execution answers, as a client receives them (JSON). */
async function both(args: Omit<ExecutionArgs, "schema" | "rootValue">) {
  const compiled = compiledExecution();
  const run = { ...args, schema, rootValue };
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  return { expected: json(await execute(run)), first: json(await compiled(run)), again: json(await compiled(run)) };
}

describe("compiled execution", () => {
  it("answers as graphql-js does, with variables, on every execution of the same document", async () => {
    const document = parse("query ($id: ID!) { person(id: $id) { id age friends { id age } } }");
    const { expected, first, again } = await both({ document, variableValues: { id: "a" } });
    expect(first).toEqual(expected);
    expect(again).toEqual(expected);
    expect(first).toEqual({ data: { person: { id: "a", age: 41, friends: [{ id: "b", age: 39 }] } } });
  });

  it("reports a resolver's error and a null where none may be as graphql-js does: message, path, code", async () => {
    const refused = await both({ document: parse("{ refused { id } }") });
    expect(refused.first).toEqual(refused.expected);
    const nulled = await both({ document: parse('{ person(id: "b") { id name } }') });
    expect(nulled.first).toMatchObject({
      data: { person: null },
      errors: [{ message: expect.stringContaining("Person.name"), path: ["person", "name"] }],
    });
    expect((nulled.first as { errors: unknown[] }).errors).toHaveLength(1);
  });

  it("leaves a document it cannot compile to graphql-js, which says what is wrong with it", async () => {
    const { expected, first } = await both({ document: parse('query Named { person(id: "a") { id } }'), operationName: "Other" });
    expect(first).toEqual(expected);
    expect(first).toEqual({ errors: [{ message: 'Unknown operation named "Other".' }] });
  });

  it("reports one error per position a failure left null, the document's first failing field there, as graphql-js does", async () => {
    // Both fail; graphql-js names a, the first field asked for.
    const object = await both({ document: parse("{ guarded { a b } }") });
    expect(object.first).toEqual(object.expected);
    expect(object.first).toEqual({
      data: { guarded: null },
      errors: [expect.objectContaining({ message: "Not yours.", path: ["guarded", "a"] })],
    });
    // Fields that may be null are each their own position: both reported, as graphql-js does.
    const fields = await both({ document: parse("{ guarded { c d } }") });
    expect(fields.first).toEqual(fields.expected);
    expect((fields.first as { errors: unknown[] }).errors).toHaveLength(2);
    // Each element of a list is its own object.
    const list = await both({ document: parse("{ guardedMany { b a } }") });
    expect(list.first).toEqual(list.expected);
    expect((list.first as { errors: Array<{ path: unknown[] }> }).errors.map((error) => error.path)).toEqual([
      ["guardedMany", 0, "b"],
      ["guardedMany", 1, "b"],
    ]);
  });

  it("keeps every refused variable, as graphql-js does", async () => {
    const { expected, first } = await both({
      document: parse("query ($a: Int!, $b: Int!) { sum(a: $a, b: $b) }"),
      variableValues: { a: "one", b: "two" },
    });
    expect((first as { errors: unknown[] }).errors).toHaveLength(2);
    expect((expected as { errors: unknown[] }).errors).toHaveLength(2);
  });
});
