import { isUuid } from "@pap/core";
import { Prisma } from "@pap/db";
import type { CallRow, DataExchangeWork } from "./work";

/** A call under its row lock (a concurrent change of it waits), or null when there is none. */
export async function lockedCall(work: Pick<DataExchangeWork, "tx">, id: string): Promise<CallRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await work.tx.$queryRaw<CallRow[]>(
    Prisma.sql`SELECT * FROM data_exchange_service_call WHERE id = ${id.toLowerCase()}::uuid FOR UPDATE`,
  );
  return row ?? null;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
const jsonColumns = new Set(["data", "metadata", "serviceResult"]);

/** Writes the given columns of a call (names as the model has them) and answers the row as it now is. */
export async function updateCall(work: Pick<DataExchangeWork, "tx">, id: string, changes: Partial<CallRow>): Promise<CallRow> {
  const assignments = Object.entries(changes)
    .filter(([column, value]) => column !== "id" && value !== undefined)
    .map(([column, value]) =>
      jsonColumns.has(column)
        ? Prisma.sql`${Prisma.raw(`"${column}"`)} = ${json(value)}::jsonb`
        : Prisma.sql`${Prisma.raw(`"${column}"`)} = ${value}`,
    );
  const [row] = await work.tx.$queryRaw<CallRow[]>(
    Prisma.sql`UPDATE data_exchange_service_call SET ${Prisma.join(assignments)} WHERE id = ${id}::uuid RETURNING *`,
  );
  return row!;
}
