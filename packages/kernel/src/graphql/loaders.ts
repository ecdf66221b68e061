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
 *
 * The loader is the request's own (its cache is the request's), but its statement is shared: the ids
 * every request asks of the table in one turn of the event loop are read by one statement (`byTurn`).
 */
export function createRowByIdLoader<T extends { id: string }>(read: RowReader, table: string): DataLoader<string, T | null> {
  return createByKeyLoader<string, T>(rowsByIdInTurns<T>(read, table), (row) => row.id);
}

type Asking<T> = { ids: readonly string[]; found(rows: T[]): void; failed(error: unknown): void };

// One reader per database and table, so that every request's loader joins the same turn.
const readersByDatabase = new WeakMap<RowReader, Map<string, (ids: readonly string[]) => Promise<unknown[]>>>();

function rowsByIdInTurns<T extends { id: string }>(read: RowReader, table: string): (ids: readonly string[]) => Promise<T[]> {
  const readers = readersByDatabase.get(read) ?? new Map<string, (ids: readonly string[]) => Promise<unknown[]>>();
  readersByDatabase.set(read, readers);
  let reader = readers.get(table);
  if (!reader) readers.set(table, (reader = byTurn<T>(read, `SELECT * FROM "${table}" WHERE id = ANY($1::uuid[])`)));
  return reader as (ids: readonly string[]) => Promise<T[]>;
}

/**
 * Rows by id for every request of a turn in one statement. Under load a turn holds many requests (each
 * socket's request runs as far as its first read before the next is taken), and each statement is a
 * round trip to PostgreSQL that costs the host more than the lookup itself: a person by id at 50
 * connections made one statement per request. A row asked by two requests is copied for the second,
 * so that no request sees what another's resolvers do to theirs.
 */
function byTurn<T extends { id: string }>(read: RowReader, statement: string): (ids: readonly string[]) => Promise<T[]> {
  let turn: Asking<T>[] = [];
  const readTurn = async () => {
    const asking = turn;
    turn = [];
    try {
      // A value that is no uuid names nothing, and must not fail the statement every other request shares.
      const ids = [...new Set(asking.flatMap((one) => one.ids))].filter(isUuid);
      const rows = ids.length ? await read<T>(statement, [ids]) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      const handedOut = new Set<string>();
      const handOut = (id: string): T[] => {
        const row = byId.get(id);
        if (!row) return [];
        if (handedOut.has(id)) return [structuredClone(row)];
        handedOut.add(id);
        return [row];
      };
      for (const one of asking) one.found(one.ids.flatMap(handOut));
    } catch (error) {
      for (const one of asking) one.failed(error);
    }
  };
  return (ids) =>
    new Promise<T[]>((found, failed) => {
      if (turn.length === 0) setImmediate(() => void readTurn());
      turn.push({ ids, found, failed });
    });
}
