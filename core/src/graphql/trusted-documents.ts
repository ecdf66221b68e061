import { createHash } from "node:crypto";

/**
 * The operations a deployment's own apps send, by the SHA-256 of each document's text (lower-case hex).
 * A manifest file is the JSON object `{ "<sha256>": "<document>", … }`: the key-value form of the
 * persisted-document manifests GraphQL tooling writes, and the hash Apollo's automatic persisted
 * queries send in `extensions.persistedQuery.sha256Hash`.
 */
export type TrustedDocuments = ReadonlyMap<string, string>;

export const documentHash = (document: string): string => createHash("sha256").update(document, "utf8").digest("hex");

/**
 * The documents of one manifest, checked entry by entry: a key that is not its document's hash would
 * let the listed hash run another operation, so the manifest is refused rather than trusted in part.
 */
export function trustedDocumentsOf(manifest: unknown): Map<string, string> {
  if (!manifest || typeof manifest !== "object" || Array.isArray(manifest))
    throw new Error('is not a JSON object of "<sha256 hex>": "<document>"');
  const documents = new Map<string, string>();
  for (const [hash, document] of Object.entries(manifest)) {
    if (typeof document !== "string") throw new Error(`lists ${hash} with a ${typeof document}, not a document's text`);
    if (documentHash(document) !== hash.toLowerCase()) throw new Error(`lists ${hash}, which is not the SHA-256 of its document`);
    documents.set(hash.toLowerCase(), document);
  }
  if (!documents.size) throw new Error("lists no document");
  return documents;
}
