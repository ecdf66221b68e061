import { isUuid } from "@pap/core";
import { Prisma } from "../generated/client/client";

type RawQueryClient = { $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T> };

/**
 * Locks one row for the rest of the transaction (SELECT … FOR UPDATE), so concurrent read-modify-write
 * updates of the same record apply one after the other instead of overwriting each other. Answers
 * whether the row exists; an id that is not a uuid names no row. `table` is a table name from code.
 */
export async function lockRowForUpdate(tx: RawQueryClient, table: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await tx.$queryRaw<unknown[]>(Prisma.sql`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${id}::uuid FOR UPDATE`);
  return rows.length > 0;
}

/**
 * Locks one row, then reads it with `read` (a read in the same transaction, after the lock, sees the
 * row as no one else can change it until the transaction ends): null when there is no such row.
 */
export async function findLocked<T>(tx: RawQueryClient, table: string, id: string, read: () => Promise<T | null>): Promise<T | null> {
  return (await lockRowForUpdate(tx, table, id)) ? read() : null;
}
