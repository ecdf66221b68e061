import { clientErrorFromDatabase, databaseFaultSummary, databaseMessageOf, requestValuesOf, sqlStateOf } from "./database-refusal";

/** A refusal as Prisma wraps it over a driver adapter. */
const refused = (code: string, message: string) => ({
  message: `Invalid \`tx.person.create()\` invocation: Raw query failed. Code: \`${code}\`. Message: \`${message}\``,
  meta: { driverAdapterError: { cause: { originalCode: code, originalMessage: message } } },
});

describe("database refusals", () => {
  it("read the SQLSTATE and the database's message however the error is wrapped", () => {
    expect(sqlStateOf({ message: "Invalid `tx.person.create()` invocation: Database error. Code: `22P05`. Message: …" })).toBe("22P05");
    expect(sqlStateOf({ originalError: { meta: { driverAdapterError: { cause: { originalCode: "22021" } } } } })).toBe("22021");
    expect(sqlStateOf({ code: "22003" })).toBe("22003");
    expect(sqlStateOf({ code: "P2002", meta: {} })).toBeUndefined();
    expect(databaseMessageOf({ originalError: refused("22P02", 'invalid input syntax for type uuid: "abc"') })).toBe(
      'invalid input syntax for type uuid: "abc"',
    );
    expect(databaseMessageOf({ code: "22P02", message: 'invalid input syntax for type uuid: "xyz"' })).toBe(
      'invalid input syntax for type uuid: "xyz"',
    );
  });

  it("are the client's when the value the database names is one the request carried", () => {
    const sent = requestValuesOf({ id: "abc", body: { count: 99999999999 } }, ["2026-02-30"]);
    expect(clientErrorFromDatabase(refused("22P02", 'invalid input syntax for type uuid: "abc"'), () => sent)).toMatchObject({
      status: 422,
      code: "VALIDATION_ERROR",
    });
    expect(clientErrorFromDatabase(refused("22003", 'value "99999999999" is out of range for type integer'), () => sent)).toMatchObject({
      status: 422,
    });
    expect(clientErrorFromDatabase(refused("22008", 'date/time field value out of range: "2026-02-30"'), () => sent)).toMatchObject({
      status: 422,
    });
  });

  it("are the platform's when the value came from its own statement, even if the request holds it inside something else", () => {
    // The embedded engine once sent an enum array as text: the refused value is a word of the request's `q`, not a value it sent.
    const sent = requestValuesOf({ q: "status:pending", limit: 25 });
    expect(clientErrorFromDatabase(refused("22P02", 'invalid input syntax for type uuid: "pending"'), () => sent)).toBeUndefined();
    // Arrays are built by the platform alone: a malformed one is never the client's, whatever it quotes.
    expect(
      clientErrorFromDatabase(refused("22P02", 'malformed array literal: "pending"'), () => requestValuesOf({ status: "pending" })),
    ).toBeUndefined();
    expect(clientErrorFromDatabase(refused("22003", "integer out of range"), () => requestValuesOf({ limit: 25 }))).toBeUndefined();
    expect(clientErrorFromDatabase(refused("22P02", 'invalid input syntax for type uuid: "abc"'), () => undefined)).toBeUndefined();
  });

  it("without a value named, are the client's when the request holds such a value at all", () => {
    expect(
      clientErrorFromDatabase(refused("22P05", "unsupported Unicode escape sequence"), () => requestValuesOf({ note: "a\u0000b" })),
    ).toMatchObject({ status: 422 });
    expect(
      clientErrorFromDatabase(refused("22021", 'invalid byte sequence for encoding "UTF8": 0x00'), () =>
        requestValuesOf({ note: "plain" }),
      ),
    ).toBeUndefined();
    expect(clientErrorFromDatabase(refused("22003", "integer out of range"), () => requestValuesOf({ priority: 2 ** 40 }))).toMatchObject({
      status: 422,
    });
  });

  it("leave the server's own failures alone", () => {
    const sent = requestValuesOf({ anything: "at all" });
    expect(clientErrorFromDatabase({ code: "57P01" }, () => sent)).toBeUndefined();
    expect(clientErrorFromDatabase({ code: "54001" }, () => sent)).toBeUndefined();
    expect(clientErrorFromDatabase(new Error("connection refused"), () => sent)).toBeUndefined();
  });

  it("are summarised for the log by SQLSTATE and call, never by the message that quotes the value", () => {
    const summary = databaseFaultSummary(refused("22P02", 'invalid input syntax for type uuid: "123-45-6789"'));
    expect(summary).toEqual({ sqlState: "22P02", statement: "tx.person.create()" });
    expect(JSON.stringify(summary)).not.toContain("123-45-6789");
    expect(databaseFaultSummary(new Error("not the database"))).toBeUndefined();
  });
});
