import { z } from "zod";
import type { Principal } from "../auth";
import { ApiError, validationFailed } from "@pap/core";

/**
 * The metadata namespaces (SPEC §2.4; configuration §9): a record that several domains annotate (a
 * service call, a document) keeps one object per domain, and each domain writes only its own.
 */
export const metadataNamespaces = [
  "data-exchange",
  "document-management",
  "eligibility",
  "intake",
  "workflow",
  "client-management",
] as const;
export type MetadataNamespace = (typeof metadataNamespaces)[number];

/** A body's `metadata`: an object of namespaces, each an object. */
export const namespaceMap = z.partialRecord(
  z.enum(metadataNamespaces, { message: `must be one of: ${metadataNamespaces.join(", ")}` }),
  z.record(z.string(), z.unknown(), { message: "must be an object" }),
  { message: "must be an object of namespaces" },
);

/** A namespace named in a path: one of the six, or 422. */
export function namespaceOf(domain: string): MetadataNamespace {
  if (!metadataNamespaces.includes(domain as MetadataNamespace))
    throw validationFailed(
      [{ field: "domain", message: `must be one of: ${metadataNamespaces.join(", ")}` }],
      "Unknown metadata namespace.",
    );
  return domain as MetadataNamespace;
}

/**
 * A namespace belongs to its domain: through the API, the system's service account acting as that
 * domain (its id is the namespace's name, `intake`) writes it. Domains in the platform's own
 * processes write theirs through their operations directly.
 */
export function requireNamespaceOwner(principal: Principal, domain: MetadataNamespace, record: string): void {
  if (principal.id === domain) return;
  throw new ApiError(403, "FORBIDDEN", `Only the ${domain} domain writes the '${domain}' metadata of a ${record}.`);
}

/** The metadata with one namespace replaced (`value`) or removed (null), the others as they were. */
export function withNamespace(
  metadata: unknown,
  domain: MetadataNamespace,
  value: Record<string, unknown> | null,
): Record<string, unknown> {
  const after = { ...((metadata ?? {}) as Record<string, unknown>) };
  if (value === null) delete after[domain];
  else after[domain] = value;
  return after;
}
