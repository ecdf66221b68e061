import { Prisma, type ExternalServiceCall } from "@pap/db";
import { isUuid } from "@pap/kernel";
import type { DataExchangeWork } from "./work";

/** A call under its row lock (a concurrent change of it waits), or null when there is none. */
export async function lockedCall(work: Pick<DataExchangeWork, "tx">, id: string): Promise<ExternalServiceCall | null> {
  if (!isUuid(id)) return null;
  const [row] = await work.tx.$queryRaw<Array<{ id: string }>>(Prisma.sql`SELECT id::text AS id FROM data_exchange_service_call WHERE id = ${id.toLowerCase()}::uuid FOR UPDATE`);
  return row ? work.tx.externalServiceCall.findUnique({ where: { id: row.id } }) : null;
}
