import { Prisma, type PrismaClient } from "@pap/db";
import type { CatalogEntry } from "./config/catalog";

/**
 * Writes the catalog with its fixed ids (the seeded entries `system`, the deployment's `user`); an entry
 * whose configuration changed is updated. One statement, so processes starting together cannot trip
 * over each other. Where an entry's agency answers is configuration, not a column.
 */
export async function seedCatalog(db: PrismaClient, catalog: readonly CatalogEntry[]): Promise<void> {
  const rows = catalog.map(({ id, name, serviceType, defaultCallMode, programs, requestingResourceType, source }) => ({
    id,
    name,
    serviceType,
    defaultCallMode,
    programs,
    requestingResourceType,
    source,
  }));
  await db.$executeRaw(Prisma.sql`
    INSERT INTO data_exchange_service (id, name, "serviceType", "defaultCallMode", programs, "requestingResourceType", source, "createdAt", "updatedAt")
    SELECT s.id, s.name, s."serviceType", s."defaultCallMode", ARRAY(SELECT jsonb_array_elements_text(s.programs)), s."requestingResourceType", s.source, now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s(id uuid, name text, "serviceType" text, "defaultCallMode" text, programs jsonb, "requestingResourceType" text, source text)
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, "serviceType" = EXCLUDED."serviceType", "defaultCallMode" = EXCLUDED."defaultCallMode", programs = EXCLUDED.programs,
      "requestingResourceType" = EXCLUDED."requestingResourceType", source = EXCLUDED.source,
      "updatedAt" = CASE WHEN (data_exchange_service.name, data_exchange_service."serviceType", data_exchange_service."defaultCallMode", data_exchange_service.programs,
                               data_exchange_service."requestingResourceType", data_exchange_service.source)
                          IS DISTINCT FROM (EXCLUDED.name, EXCLUDED."serviceType", EXCLUDED."defaultCallMode", EXCLUDED.programs, EXCLUDED."requestingResourceType", EXCLUDED.source)
                     THEN now() ELSE data_exchange_service."updatedAt" END`);
}
