import { clientErrorFromDatabase, sqlStateOf } from "./database-refusal";

describe("database refusals", () => {
  it("read the SQLSTATE however the error is wrapped", () => {
    expect(sqlStateOf({ message: "Invalid `tx.person.create()` invocation: Database error. Code: `22P05`. Message: …" })).toBe("22P05");
    expect(sqlStateOf({ originalError: { meta: { driverAdapterError: { cause: { originalCode: "22021" } } } } })).toBe("22021");
    expect(sqlStateOf({ code: "22003" })).toBe("22003");
    expect(sqlStateOf({ code: "P2002", meta: {} })).toBeUndefined();
  });

  it("turn what the client sent into 4xx and leave the server's own failures alone", () => {
    expect(clientErrorFromDatabase({ message: "Code: `22021`" })).toMatchObject({ status: 422, code: "VALIDATION_ERROR" });
    expect(clientErrorFromDatabase({ code: "54001" })).toMatchObject({ status: 400 });
    expect(clientErrorFromDatabase({ code: "57P01" })).toBeUndefined();
    expect(clientErrorFromDatabase(new Error("connection refused"))).toBeUndefined();
  });
});
