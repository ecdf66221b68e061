import type { Prisma } from "@pap/db";
import { countyAnchorsIn } from "../domain/document-owners";

/**
 * A document of no county yet takes the county of a record its metadata now names, when the database
 * places that record in one (a system writing `intake.applicationId` after the filing).
 */
export async function placeByMetadata(tx: Prisma.TransactionClient, documentId: string, metadata: unknown): Promise<void> {
  const anchors = countyAnchorsIn(metadata);
  if (!anchors.length) return;
  await tx.$executeRaw`
    UPDATE "document" d SET "county" = placed."county"
    FROM (SELECT "county" FROM "record_county" WHERE "id" = ANY(${anchors}::uuid[]) AND "county" IS NOT NULL LIMIT 1) placed
    WHERE d."id" = ${documentId}::uuid AND d."county" IS NULL`;
}
