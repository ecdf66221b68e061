import { readFileSync } from "node:fs";
import { readSetting } from "@pap/core";
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
 * The configured document types: the thirteen seeded ones and the platform's type for notices, with the deployment's own from
 * `DOCUMENT_TYPES_FILE` (a JSON file `{ "documentTypes": [ { id, name, retentionYears,
 * retentionTrigger, description } ] }`): a new id adds a type, a seeded id changes it. Both are
 * `system` types: configuration, not the API, changes them. A bad file stops the start with the reason.
 */
export function configuredDocumentTypes(env: NodeJS.ProcessEnv = process.env): DocumentTypeDefinition[] {
  const path = readSetting("DOCUMENT_TYPES_FILE", env);
  if (!path) return [...platformDocumentTypes];
  const parsed = file.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success)
    throw new Error(
      `DOCUMENT_TYPES_FILE (${path}): ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  const byId = new Map(platformDocumentTypes.map((type) => [type.id, type]));
  for (const type of parsed.data.documentTypes) byId.set(type.id.toLowerCase(), { ...type, id: type.id.toLowerCase() });
  return [...byId.values()];
}
