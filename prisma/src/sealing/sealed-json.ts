import type { Sealer } from "./sealer";

/**
 * A record bound into raw SQL as JSON, its sensitive fields to be sealed by whichever transaction runs
 * the statement: `${sealedJson(record)}::jsonb` where a plain write would bind `JSON.stringify(record)`.
 * The few raw-SQL writes of records (a person's insert, a replayed answer's body) say so with this
 * marker; the transaction's sealer turns it into the JSON text (`bindSealed`).
 */
export class SealedJson {
  constructor(readonly record: unknown) {}
}

export const sealedJson = (record: unknown): SealedJson => new SealedJson(record);

/** A statement's parameters with every `SealedJson` turned into sealed JSON text. */
export const bindSealed = (values: readonly unknown[], sealer: Sealer): unknown[] =>
  values.map((value) => (value instanceof SealedJson ? JSON.stringify(sealer.seal(value.record)) : value));
