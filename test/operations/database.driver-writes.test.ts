/**
 * The driver's write path (`Database.write`), on PostgreSQL and on embedded PGlite: raw SQL in one
 * transaction that commits as a whole or leaves nothing behind, with `Prisma.sql` fragments and
 * tagged templates alike, and the same connection pool left usable after a failure.
 */
import { openDatabase, Prisma, type Database } from "@pap/db";
import { createTestDatabase } from "../support/platform";

jest.setTimeout(120_000);

type Opened = { name: string; open: () => Promise<Database> };

const engines: Opened[] = [
  // One connection: a connection a failed transaction left broken would fail every later test.
  {
    name: "PostgreSQL",
    open: async () => openDatabase({ kind: "postgres", url: await createTestDatabase("driver-writes"), poolSize: 1 }, { migrate: false }),
  },
  { name: "PGlite", open: () => openDatabase({ kind: "pglite", dataDir: "memory" }) },
];

describe.each(engines)("Database.write on $name", ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.write((tx) => tx.$executeRaw`CREATE TABLE IF NOT EXISTS driver_write_probe (id int PRIMARY KEY, label text NOT NULL)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const labels = async () =>
    (await database.read<{ id: number; label: string }>("SELECT id, label FROM driver_write_probe ORDER BY id", [])).map(
      (row) => `${row.id}:${row.label}`,
    );

  it("commits every statement of the work together and answers rows and counts", async () => {
    const inserted = await database.write(async (tx) => {
      const rows = await tx.$queryRaw<{ id: number }[]>(
        Prisma.sql`INSERT INTO driver_write_probe (id, label) VALUES (${1}, ${"one"}), (${2}, ${"two"}) RETURNING id`,
      );
      const changed = await tx.$executeRaw`UPDATE driver_write_probe SET label = ${"uno"} WHERE id = ${1}`;
      return { ids: rows.map((row) => row.id), changed };
    });
    expect(inserted).toEqual({ ids: [1, 2], changed: 1 });
    expect(await labels()).toEqual(["1:uno", "2:two"]);
  });

  it("leaves nothing of the work when it fails part way, and the pool keeps serving", async () => {
    await expect(
      database.write(async (tx) => {
        await tx.$executeRaw`INSERT INTO driver_write_probe (id, label) VALUES (${3}, ${"three"})`;
        // A primary key already taken: the statement fails, and with it the transaction.
        await tx.$executeRaw`INSERT INTO driver_write_probe (id, label) VALUES (${1}, ${"again"})`;
      }),
    ).rejects.toThrow(/duplicate key|unique/i);
    await expect(
      database.write(async (tx) => {
        await tx.$executeRaw`INSERT INTO driver_write_probe (id, label) VALUES (${4}, ${"four"})`;
        throw new Error("the caller changed its mind");
      }),
    ).rejects.toThrow("the caller changed its mind");
    expect(await labels()).toEqual(["1:uno", "2:two"]);
    await database.write((tx) => tx.$executeRaw`INSERT INTO driver_write_probe (id, label) VALUES (${5}, ${"five"})`);
    expect(await labels()).toEqual(["1:uno", "2:two", "5:five"]);
  });
});
