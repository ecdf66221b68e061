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
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: "Query",
    fields: {
      person: { type: PersonType, args: { id: { type: new GraphQLNonNull(GraphQLID) } }, resolve: (_root, { id }) => people[id] ?? null },
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
});
