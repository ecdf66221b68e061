import { Prisma, type PrismaClient } from "@pap/db";
import { seededPolicies, type PolicyDefinition } from "./config/policies";

/**
 * Writes the configured policies into the registry: new ones are added and changed ones updated, so
 * editing the configuration and restarting is how the registry changes. One upsert statement, so
 * processes starting together (cluster workers) cannot trip over each other.
 */
export async function seedPolicies(db: PrismaClient, policies: readonly PolicyDefinition[] = seededPolicies): Promise<void> {
  const rows = policies.map((policy) => ({ ...policy, citationUrl: policy.citationUrl ?? null, programs: policy.programs ?? [] }));
  await db.$executeRaw(Prisma.sql`
    INSERT INTO policy (id, citation, "citationUrl", description, programs)
    SELECT p.id, p.citation, p."citationUrl", p.description, ARRAY(SELECT jsonb_array_elements_text(p.programs))
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS p(id text, citation text, "citationUrl" text, description text, programs jsonb)
    ON CONFLICT (id) DO UPDATE SET citation = EXCLUDED.citation, "citationUrl" = EXCLUDED."citationUrl", description = EXCLUDED.description, programs = EXCLUDED.programs`);
}
