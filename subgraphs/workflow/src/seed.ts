import { Prisma, type PrismaClient } from "@pap/db";
import { seededQueues, type QueueDefinition } from "./config/queues";

/**
 * Writes the configured queues with their fixed ids and source `system`; a queue whose configuration
 * changed is updated. One statement, so processes starting together cannot trip over each other.
 */
export async function seedQueues(db: PrismaClient, queues: readonly QueueDefinition[] = seededQueues): Promise<void> {
  await db.$executeRaw(Prisma.sql`
    INSERT INTO workflow_queue (id, name, description, source, "createdAt", "updatedAt")
    SELECT q.id, q.name, q.description, 'system', now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(queues)}::jsonb) AS q(id uuid, name text, description text)
    ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, source = 'system',
      "updatedAt" = CASE WHEN (workflow_queue.name, workflow_queue.description) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.description) THEN now() ELSE workflow_queue."updatedAt" END`);
}
