import { Prisma, type PrismaClient } from "@pap/db";
import type { DocumentTypeDefinition } from "./config/document-types";

/**
 * Writes the configured document types with their fixed ids and source `system`; a type whose
 * configuration changed is updated. One statement, so processes starting together cannot trip over
 * each other.
 */
export async function seedDocumentTypes(db: PrismaClient, types: readonly DocumentTypeDefinition[]): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    INSERT INTO document_type (id, name, "retentionYears", "retentionTrigger", description, source, "createdAt", "updatedAt")
    SELECT t.id, t.name, t."retentionYears", t."retentionTrigger", t.description, 'system', now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(types)}::jsonb) AS t(id uuid, name text, "retentionYears" int, "retentionTrigger" text, description text)
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, "retentionYears" = EXCLUDED."retentionYears", "retentionTrigger" = EXCLUDED."retentionTrigger",
      description = EXCLUDED.description, source = 'system',
      "updatedAt" = CASE WHEN (document_type.name, document_type."retentionYears", document_type."retentionTrigger", document_type.description)
                          IS DISTINCT FROM (EXCLUDED.name, EXCLUDED."retentionYears", EXCLUDED."retentionTrigger", EXCLUDED.description)
                     THEN now() ELSE document_type."updatedAt" END`);
}
