import type { StoredRecord } from "./stored-record";

// The record kinds share one code path; each kind's delegate is reached by name and typed by the rows it returns.
export type RecordTable = {
  create(args: { data: object }): Promise<StoredRecord>;
  update(args: { where: { id: string }; data: object }): Promise<StoredRecord>;
  delete(args: { where: { id: string } }): Promise<StoredRecord>;
  findFirst(args: { where: object }): Promise<StoredRecord | null>;
  findMany(args: { where: object; select?: object; orderBy?: object }): Promise<StoredRecord[]>;
  count(args: { where: object }): Promise<number>;
};

const isRecordTable = (value: unknown): value is RecordTable =>
  typeof value === "object" && value !== null && "findMany" in value && "create" in value;

/** A record kind's table, by its delegate's name on the client (or a transaction's); a name that is none fails loudly. */
export function recordTable(client: object, delegate: string): RecordTable {
  const table: unknown = Reflect.get(client, delegate);
  if (!isRecordTable(table)) throw new Error(`the database client has no table '${delegate}'`);
  return table;
}
