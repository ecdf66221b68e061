import { Prisma } from "../generated/client/client";

type RawQueryClient = { $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Locks one row for the rest of the transaction (SELECT … FOR UPDATE), so concurrent read-modify-write
 * updates of the same record apply one after the other instead of overwriting each other. Answers
 * whether the row exists; an id that is not a uuid names no row. `table` is a table name from code.
 */
export async function lockRowForUpdate(tx: RawQueryClient, table: string, id: string): Promise<boolean> {
  if (!uuidPattern.test(id)) return false;
  const rows = await tx.$queryRaw<unknown[]>(Prisma.sql`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${id}::uuid FOR UPDATE`);
  return rows.length > 0;
}
