import { Prisma, type PrismaClient } from "@pap/db";
import type { PolicyDefinition } from "./config/policies";

/**
 * Writes the configured policies into the registry: new ones are added, changed ones updated, and
 * those the configuration no longer lists removed, so editing the configuration and restarting is how
 * the registry changes. One statement, so processes starting together (cluster workers) cannot trip
 * over each other.
 */
export async function seedPolicies(db: PrismaClient, policies: readonly PolicyDefinition[]): Promise<void> {
  const rows = policies.map((policy) => ({ ...policy, citationUrl: policy.citationUrl ?? null, programs: policy.programs ?? [] }));
  await db.$executeRaw(Prisma.sql`
    WITH configured AS (
      SELECT p.id, p.citation, p."citationUrl", p.description, ARRAY(SELECT jsonb_array_elements_text(p.programs)) AS programs
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS p(id text, citation text, "citationUrl" text, description text, programs jsonb)
    ), dropped AS (
      DELETE FROM policy WHERE id NOT IN (SELECT id FROM configured)
    )
    INSERT INTO policy (id, citation, "citationUrl", description, programs)
    SELECT id, citation, "citationUrl", description, programs FROM configured
    ON CONFLICT (id) DO UPDATE SET citation = EXCLUDED.citation, "citationUrl" = EXCLUDED."citationUrl", description = EXCLUDED.description, programs = EXCLUDED.programs`);
}
