import { Prisma, type PrismaClient } from "@pap/db";
import type { DocumentTypeDefinition } from "./config/document-types";

/**
 * Writes the configured document types with their fixed ids and source `system`; a type whose
 * configuration changed is updated. One statement, so processes starting together cannot trip over
 * each other.
 */
export async function seedDocumentTypes(db: PrismaClient, types: readonly DocumentTypeDefinition[]): Promise<void> {
  // A system type the configuration no longer names becomes the API's (user): documents may still be of it.
  await db.$executeRaw(Prisma.sql`
    WITH configured AS (
      SELECT t.id, t.name, t."retentionYears", t."retentionTrigger", t.description
      FROM jsonb_to_recordset(${JSON.stringify(types)}::jsonb) AS t(id uuid, name text, "retentionYears" int, "retentionTrigger" text, description text)
    ), released AS (
      UPDATE document_type SET source = 'user', "updatedAt" = now() WHERE source = 'system' AND id NOT IN (SELECT id FROM configured)
    )
    INSERT INTO document_type (id, name, "retentionYears", "retentionTrigger", description, source, "createdAt", "updatedAt")
    SELECT id, name, "retentionYears", "retentionTrigger", description, 'system', now(), now() FROM configured
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, "retentionYears" = EXCLUDED."retentionYears", "retentionTrigger" = EXCLUDED."retentionTrigger",
      description = EXCLUDED.description, source = 'system',
      "updatedAt" = CASE WHEN (document_type.name, document_type."retentionYears", document_type."retentionTrigger", document_type.description, document_type.source)
                          IS DISTINCT FROM (EXCLUDED.name, EXCLUDED."retentionYears", EXCLUDED."retentionTrigger", EXCLUDED.description, 'system')
                     THEN now() ELSE document_type."updatedAt" END`);
}
