/**
 * The driver's read path (`Database.read`) prepares each statement text once per connection on
 * PostgreSQL: the hot reads (records by id, search, the event hub's follow) are bound and executed
 * without being parsed and planned again each time.
 */
import { openDatabase, type Database } from "@pap/db";
import { createTestDatabase } from "../support/platform";

jest.setTimeout(60_000);

let database: Database;

beforeAll(async () => {
  // One connection, so every read below meets the statements the earlier ones prepared.
  database = await openDatabase({ kind: "postgres", url: await createTestDatabase("prepared-reads"), poolSize: 1 }, { migrate: false });
});

afterAll(async () => {
  await database?.close();
});

const prepared = () => database.read<{ statement: string }>("SELECT statement FROM pg_prepared_statements ORDER BY prepare_time", []);

it("prepares a statement text once and runs it with each call's values", async () => {
  const text = "SELECT $1::int * 2 AS doubled";
  expect(await database.read(text, [2])).toEqual([{ doubled: 4 }]);
  expect(await database.read(text, [21])).toEqual([{ doubled: 42 }]);
  expect((await prepared()).filter((row) => row.statement === text)).toHaveLength(1);
});

it("keeps answering when a table's columns change under a prepared `SELECT *`", async () => {
  await database.read("CREATE TABLE prepared_read_probe (id int PRIMARY KEY)", []);
  await database.read("INSERT INTO prepared_read_probe VALUES (1)", []);
  const text = "SELECT * FROM prepared_read_probe WHERE id = $1";
  expect(await database.read(text, [1])).toEqual([{ id: 1 }]);
  // PostgreSQL refuses a prepared statement whose result's columns changed ("cached plan must not change result type").
  await database.read("ALTER TABLE prepared_read_probe ADD COLUMN label text DEFAULT 'added'", []);
  expect(await database.read(text, [1])).toEqual([{ id: 1, label: "added" }]);
  expect(await database.read(text, [1])).toEqual([{ id: 1, label: "added" }]);
});
