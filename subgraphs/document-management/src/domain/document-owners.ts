import { isUuid } from "@pap/core";
import type { Document, DocumentLink } from "@pap/db";

/**
 * Which records a document belongs to, by kind: those it is linked to, and the one its metadata names
 * (`intake.applicationId`, `intake.verificationId`, `client-management.personId`). The graph's
 * `Application.documents` and its siblings read documents by these.
 */
export const ownerKinds = {
  application: { linkType: "application", metadata: ["intake", "applicationId"] },
  verification: { linkType: "verification", metadata: ["intake", "verificationId"] },
  case: { linkType: "case", metadata: null },
  person: { linkType: null, metadata: ["client-management", "personId"] },
} as const satisfies Record<string, { linkType: string | null; metadata: readonly [string, string] | null }>;
export type OwnerKind = keyof typeof ownerKinds;

/** The ids of the records of a kind that a document (with its links) belongs to. */
export function ownersOf(kind: OwnerKind, document: Document & { links: DocumentLink[] }): string[] {
  const { linkType, metadata } = ownerKinds[kind];
  const linked = linkType ? document.links.filter((link) => link.subjectType === linkType).map((link) => link.subjectId) : [];
  const named = metadata
    ? ((document.metadata ?? {}) as Record<string, Record<string, unknown> | undefined>)[metadata[0]]?.[metadata[1]]
    : undefined;
  return [...new Set([...linked, ...(typeof named === "string" ? [named.toLowerCase()] : [])])];
}

/** The records a document's metadata names that a county can hold (an application, a verification), in that order. */
export function countyAnchorsIn(metadata: unknown): string[] {
  const named = (metadata ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return [ownerKinds.application.metadata, ownerKinds.verification.metadata]
    .map(([namespace, key]) => named[namespace]?.[key])
    .filter(isUuid)
    .map((id) => id.toLowerCase());
}
