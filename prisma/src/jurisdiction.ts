import type { Prisma } from "../generated/client/client";

/**
 * The county a record belongs to, by the `record_county` view (migrations `county_scoping`,
 * `document_county`): an application, its members, verifications and interviews, a case, a task, an
 * appointment, a service call, a determination or a decision, a document or one of its versions.
 * `known` is false when the view holds no record with this id (another kind, or none at all); a
 * record it holds may still be state level (`county` null).
 */
export async function countyOfRecord(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  id: string,
): Promise<{ known: boolean; county: string | null }> {
  const rows = await db.$queryRaw<{ county: string | null }[]>`SELECT "county" FROM "record_county" WHERE "id" = ${id}::uuid LIMIT 1`;
  return rows.length ? { known: true, county: rows[0]!.county } : { known: false, county: null };
}
