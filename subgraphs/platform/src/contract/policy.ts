import { defineResource } from "@pap/kernel/resource";

/** A policy of the registry, declared once: read-only, seeded from the platform's configuration. */
export const policy = defineResource({
  name: "Policy",
  plural: "policies",
  model: "Policy",
  description: "A regulation the platform's rules rely on, with its citation.",
  fields: {
    id: { kind: "identifier", description: "Stable slug.", filter: { kind: "string" }, search: true, sort: true },
    citation: { kind: "string", search: true, sort: true },
    citationUrl: { kind: "url", nullable: true },
    description: { kind: "string", description: "The requirement in plain language.", search: true },
    programs: { kind: "string", list: true, filter: false },
  },
  list: { defaultSort: "id" },
});
