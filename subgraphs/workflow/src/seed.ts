import { Prisma, type PrismaClient } from "@pap/db";
import type { QueueDefinition } from "./config/queues";

/**
 * Writes the configured queues with their fixed ids and source `system`; a queue whose configuration
 * changed is updated. A `system` queue the configuration no longer names becomes `user`: tasks may
 * still wait in it, so it is not deleted, and it is the API's to change or delete from then on.
 * One statement, so processes starting together cannot trip over each other.
 */
export async function seedQueues(db: PrismaClient, queues: readonly QueueDefinition[]): Promise<void> {
  const rows = queues.map((queue) => ({ ...queue, county: queue.county ?? null }));
  await db.$executeRaw(Prisma.sql`
    WITH configured AS (
      SELECT q.id, q.name, q.description, q.county
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS q(id uuid, name text, description text, county text)
    ), released AS (
      UPDATE workflow_queue SET source = 'user', "updatedAt" = now()
      WHERE source = 'system' AND id NOT IN (SELECT id FROM configured)
    )
    INSERT INTO workflow_queue (id, name, description, county, source, "createdAt", "updatedAt")
    SELECT id, name, description, county, 'system', now(), now() FROM configured
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, county = EXCLUDED.county, source = 'system',
      "updatedAt" = CASE WHEN (workflow_queue.name, workflow_queue.description, workflow_queue.county, workflow_queue.source)
                              IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description, EXCLUDED.county, 'system') THEN now() ELSE workflow_queue."updatedAt" END`);
}
