import { readFileSync } from "node:fs";
import { defineConfigSection, readSetting } from "@pap/core";
import { z } from "zod";
import { retentionTriggers } from "../contract/document-type";
import { platformDocumentTypes, type DocumentTypeDefinition } from "./document-types";

const entry = z.strictObject({
  id: z.uuid(),
  name: z.string().trim().min(1).max(100),
  retentionYears: z.number().int().min(0).max(100),
  retentionTrigger: z.enum(retentionTriggers),
  description: z.string().max(500).default(""),
});
const file = z.strictObject({ documentTypes: z.array(entry) });

/**
 * The documents' section of the deployment's configuration: document types to add, or to change by
 * id (the seeded ones stay unless changed). Names are unique among all of them.
 */
export const documentsSection = defineConfigSection(
  "documents",
  z.strictObject({ documentTypes: z.array(entry).default([]) }).superRefine((section, ctx) => {
    const changed = new Set(section.documentTypes.map((type) => type.id.toLowerCase()));
    const nameHolders = new Map(platformDocumentTypes.filter((type) => !changed.has(type.id)).map((type) => [type.name, type.id]));
    const ids = new Map<string, number>();
    section.documentTypes.forEach((type, index) => {
      const id = type.id.toLowerCase();
      const first = ids.get(id);
      if (first !== undefined)
        ctx.addIssue({ code: "custom", path: ["documentTypes", index, "id"], message: `repeats the id of entry ${first} (${type.id})` });
      ids.set(id, index);
      const holder = nameHolders.get(type.name);
      if (holder !== undefined && holder !== id)
        ctx.addIssue({
          code: "custom",
          path: ["documentTypes", index, "name"],
          message: `is the name of another document type (${holder})`,
        });
      nameHolders.set(type.name, id);
    });
  }),
  { documentTypes: [] },
  (section) => `${platformDocumentTypes.length} seeded document types, ${section.documentTypes.length} added or changed`,
);

/**
 * The configured document types: the thirteen seeded ones and the platform's type for notices, with the deployment file's
 * (`documents.documentTypes`) and those of `DOCUMENT_TYPES_FILE` (a JSON file `{ "documentTypes": [ { id, name, retentionYears,
 * retentionTrigger, description } ] }`): a new id adds a type, a seeded id changes it. Both are
 * `system` types: configuration, not the API, changes them. A bad file stops the start with the reason.
 */
export function configuredDocumentTypes(env: NodeJS.ProcessEnv = process.env): DocumentTypeDefinition[] {
  const byId = new Map(platformDocumentTypes.map((type) => [type.id, type]));
  const add = (types: readonly DocumentTypeDefinition[]) => {
    for (const type of types) byId.set(type.id.toLowerCase(), { ...type, id: type.id.toLowerCase() });
  };
  add(documentsSection.read(env).documentTypes);
  // The older single-purpose file, after the deployment file's section.
  const path = readSetting("DOCUMENT_TYPES_FILE", env);
  if (path) {
    const parsed = file.safeParse(JSON.parse(readFileSync(path, "utf8")));
    if (!parsed.success)
      throw new Error(
        `DOCUMENT_TYPES_FILE (${path}): ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
      );
    add(parsed.data.documentTypes);
  }
  return [...byId.values()];
}
