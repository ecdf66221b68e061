import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";

export const queueSources = ["system", "user"] as const;

/** A routing queue, declared once. Its source says who made it: the platform's configuration, or a client. */
export const queue = defineResource({
  name: "Queue",
  plural: "queues",
  model: "Queue",
  description: "A routing queue tasks wait in.",
  fields: {
    id: { kind: "uuid" },
    name: {
      kind: "string",
      write: "always",
      required: true,
      input: z.string().min(1, "must not be empty").max(200),
      description: "Machine name, unique (routing finds queues by it).",
      search: true,
      sort: true,
    },
    description: { kind: "string", nullable: true, write: "always", input: z.string().max(2000), search: true },
    county: {
      kind: "string",
      nullable: true,
      write: "always",
      input: z.string().regex(/^\d{5}$/, "must be a five-digit FIPS code"),
      description:
        "The county whose tasks this queue holds (a five-digit FIPS code): tasks of that county route here rather than to the state's queue, to the one whose name begins with the routed name (snap-intake…) when the county has several. Null: a state queue.",
    },
    source: {
      kind: "enum",
      values: queueSources,
      enumName: "QueueSource",
      enumDescription: "system: seeded from configuration, cannot be deleted; user: created through the API.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: { defaultSort: "name" },
});

export type QueueCreate = CreateBody<typeof queue>;
export type QueueUpdate = UpdateBody<typeof queue>;
