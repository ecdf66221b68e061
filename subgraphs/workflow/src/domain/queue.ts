import { defineListSpec } from "@pap/kernel";
import { z } from "zod";

export const queueBody = z.strictObject({
  name: z.string().min(1, "must not be empty").max(200),
  description: z.string().max(2000).nullable().optional(),
});
export const queueUpdateBody = queueBody.partial();

export const queueSources = ["system", "user"] as const;

export const queueListSpec = defineListSpec({
  resource: "queues",
  fields: {
    id: { kind: "uuid" },
    name: { kind: "string" },
    description: { kind: "string", nullable: true },
    source: { kind: "enum", values: queueSources },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
  },
  fullText: ["name", "description"],
  sortable: ["name", "createdAt", "updatedAt"],
  defaultSort: "name",
});

type QueueRecord = { id: string; name: string; description: string | null; source: string; createdAt: Date; updatedAt: Date };

export const queueSnapshot = (queue: QueueRecord) => ({
  id: queue.id,
  name: queue.name,
  description: queue.description,
  source: queue.source,
  createdAt: queue.createdAt.toISOString(),
  updatedAt: queue.updatedAt.toISOString(),
});
