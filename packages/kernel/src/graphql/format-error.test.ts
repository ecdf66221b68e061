import { GraphQLError, parse } from "graphql";
import { serverFaults } from "@pap/core";
import { formatGraphError } from "./format-error";

const faultsCounted = async () => (await serverFaults.get()).values.reduce((sum, sample) => sum + sample.value, 0);

/** A database refusal as Prisma wraps it, inside the GraphQLError a resolver's failure becomes. */
const refusedIn = (message: string) =>
  new GraphQLError("Invalid `tx.person.create()` invocation", {
    originalError: Object.assign(new Error("refused"), {
      meta: { driverAdapterError: { cause: { originalCode: "22P02", originalMessage: message } } },
    }),
  });

describe("formatting a GraphQL error", () => {
  it("masks a fault of the platform's own, logging it once with the operation's name and counting it", async () => {
    const logged: Record<string, unknown>[] = [];
    const before = await faultsCounted();
    const error = refusedIn('invalid input syntax for type uuid: "made-by-the-platform"');
    const formatted = formatGraphError((record) => logged.push(record), error.toJSON(), error, {
      operationName: "AddPerson",
      variables: { name: "Ana" },
    });
    expect(formatted.extensions).toEqual({ code: "INTERNAL_ERROR", status: 500 });
    expect(logged).toEqual([{ operation: "AddPerson", sqlState: "22P02", statement: "tx.person.create()" }]);
    expect(await faultsCounted()).toBe(before + 1);
  });

  it("answers the client's 422 when the refused value is a variable or literal of the operation", () => {
    const logged: unknown[] = [];
    const error = refusedIn('invalid input syntax for type uuid: "abc"');
    expect(formatGraphError(() => logged.push(1), error.toJSON(), error, { variables: { id: "abc" } }).extensions).toMatchObject({
      code: "VALIDATION_ERROR",
      status: 422,
    });
    expect(
      formatGraphError(() => logged.push(1), error.toJSON(), error, { document: parse('{ person(id: "abc") { id } }') }).extensions,
    ).toMatchObject({ code: "VALIDATION_ERROR", status: 422 });
    expect(logged).toEqual([]);
  });

  it("does not log or count again a fault a remote subgraph already reported", async () => {
    const logged: unknown[] = [];
    const before = await faultsCounted();
    // What the gateway holds of a subgraph's answer: the subgraph's own formatting, and the service it came from.
    const downstream = new GraphQLError("An unexpected error occurred.", {
      extensions: { code: "INTERNAL_ERROR", status: 500, serviceName: "persons" },
    });
    const formatted = formatGraphError(() => logged.push(1), downstream.toJSON(), downstream, { operationName: "AddPerson" });
    expect(formatted.extensions).toEqual({ code: "INTERNAL_ERROR", status: 500 });
    expect(logged).toEqual([]);
    expect(await faultsCounted()).toBe(before);
  });
});
