// The pool's timed connections: each statement observed once under its kind, whichever way it was
// sent (the pool's callback, a transaction's promise), failed statements included, the answer and the
// failure reaching the caller unchanged.
import { dbQueryDuration } from "@pap/core";
import pg from "pg";
import { statementKind, TimedClient } from "./timed-client";

const counted = async (statement: string) =>
  (await dbQueryDuration.get()).values.find(
    (value) => value.metricName === "pap_db_query_duration_seconds_count" && value.labels.statement === statement,
  )?.value ?? 0;

it("reads a statement's kind from its first word, in any case, after any blank", () => {
  expect(statementKind("SELECT 1")).toBe("select");
  expect(statementKind("\n  select * from person")).toBe("select");
  expect(statementKind('INSERT INTO "person"')).toBe("insert");
  expect(statementKind("Update task set")).toBe("update");
  expect(statementKind("DELETE FROM x")).toBe("delete");
  for (const control of ["BEGIN", "COMMIT", "ROLLBACK", "ROLLBACK TO SAVEPOINT s1", "SAVEPOINT s1", "RELEASE SAVEPOINT s1"])
    expect(statementKind(control)).toBe("transaction");
  for (const other of ["WITH x AS (SELECT 1) SELECT * FROM x", "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", "LISTEN pap", "", "sel"])
    expect(statementKind(other)).toBe("other");
});

describe("on PostgreSQL", () => {
  const pool = new pg.Pool({ connectionString: process.env.TEST_PG_ADMIN_URL, max: 2, Client: TimedClient });
  afterAll(() => pool.end());

  it("times the pool's statements and a transaction's, answers and failures alike", async () => {
    const [selects, controls] = [await counted("select"), await counted("transaction")];
    expect((await pool.query("SELECT $1::int AS one", [1])).rows).toEqual([{ one: 1 }]);
    await expect(pool.query("SELECT * FROM no_such_table_anywhere")).rejects.toMatchObject({ code: "42P01" });
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      expect((await client.query({ text: "SELECT 2 AS two", rowMode: "array" })).rows).toEqual([[2]]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(await counted("select")).toBe(selects + 3);
    expect(await counted("transaction")).toBe(controls + 2);
  });
});
