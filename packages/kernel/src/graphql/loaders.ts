import DataLoader from "dataloader";
import type { RowReader } from "@pap/db";
import { isUuid } from "@pap/core";

/**
 * One-to-one batch loader: all `load(key)` calls of one tick become one `fetch(keys)` (one SQL
 * statement), and keys with no row resolve to null. This is what keeps entity references across
 * subgraphs free of N+1 queries.
 */
export function createByKeyLoader<K, T>(fetch: (keys: readonly K[]) => Promise<T[]>, keyOf: (item: T) => K): DataLoader<K, T | null> {
  return new DataLoader<K, T | null>(async (keys) => {
    const byKey = new Map<K, T>();
    for (const item of await fetch(keys)) byKey.set(keyOf(item), item);
    return keys.map((key) => byKey.get(key) ?? null);
  });
}

/** One-to-many batch loader: every key gets the (possibly empty) list of rows whose group key it is. */
export function createGroupLoader<K, T>(fetch: (keys: readonly K[]) => Promise<T[]>, groupsOf: (item: T) => K[]): DataLoader<K, T[]> {
  return new DataLoader<K, T[]>(async (keys) => {
    const groups = new Map<K, T[]>(keys.map((key) => [key, []]));
    for (const item of await fetch(keys)) {
      for (const key of groupsOf(item)) groups.get(key)?.push(item);
    }
    return keys.map((key) => groups.get(key) ?? []);
  });
}

/**
 * Loads a record by an id from a client. Uuids are case-insensitive but PostgreSQL answers in lower
 * case, so keys are lower-cased to match; a value that cannot be a uuid names nothing (null).
 */
export function loadByUuid<T>(loader: DataLoader<string, T | null>, id: unknown): Promise<T | null> | null {
  return isUuid(id) ? loader.load(id.toLowerCase()) : null;
}

/**
 * A by-id loader that reads through the driver rather than a Prisma model query, for the hottest
 * lookups (a record by id costs Prisma several times the statement). Rows come back with the columns'
 * own names, which is the Prisma model's shape where fields are not renamed. Only for tables whose
 * columns the driver returns as Prisma would: text, uuid, jsonb, booleans, 4-byte integers and
 * timestamptz (not `date`, `bigint`, `numeric` or enum arrays).
 */
export function createRowByIdLoader<T extends { id: string }>(read: RowReader, table: string): DataLoader<string, T | null> {
  const statement = `SELECT * FROM "${table}" WHERE id = ANY($1::uuid[])`;
  return createByKeyLoader<string, T>(
    (ids) => read<T>(statement, [ids]),
    (row) => row.id,
  );
}
