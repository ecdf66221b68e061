import { ApiError, notFound, validationFailed, type Principal } from "@pap/kernel";
import { personalDataPaths } from "../domain/personal-data";
import { dataExchangeEvents } from "../domain/events";
import { metadataNamespaces, type MetadataNamespace } from "../domain/vocabulary";
import { lockedCall, updateCall } from "./locked-call";
import type { CallRow, DataExchangeWork } from "./work";

/** A namespace named in a path: one of the six, or 422. */
export function namespaceOf(domain: string): MetadataNamespace {
  if (!metadataNamespaces.includes(domain as MetadataNamespace)) throw validationFailed([{ field: "domain", message: `must be one of: ${metadataNamespaces.join(", ")}` }], "Unknown metadata namespace.");
  return domain as MetadataNamespace;
}

/**
 * A namespace belongs to its domain: through the API, the system's service account acting as that
 * domain (its id is the namespace's name, `intake`) writes it. Domains in the platform's own
 * processes write theirs through this module directly.
 */
export function requireNamespaceOwner(principal: Principal, domain: MetadataNamespace): void {
  if (principal.id === domain) return;
  throw new ApiError(403, "FORBIDDEN", `Only the ${domain} domain writes the '${domain}' metadata of a service call.`);
}

/**
 * Replaces (`value`) or removes (null) one namespace of a call's metadata, leaving the others, and
 * records the change; the call's later events carry the namespaces as they then are. A value holding
 * personal data is refused, as a submission's is.
 */
export async function writeCallMetadata(work: DataExchangeWork, id: string, domain: MetadataNamespace, value: Record<string, unknown> | null): Promise<CallRow> {
  const problems = value === null ? [] : personalDataPaths(value, "body");
  if (problems.length) throw validationFailed(problems.map((field) => ({ field, message: "is personal data, which a service call never carries" })));
  const call = await lockedCall(work, id);
  if (!call) throw notFound("ServiceCall", id);
  const before = (call.metadata ?? {}) as Record<string, unknown>;
  const after = { ...before };
  if (value === null) delete after[domain];
  else after[domain] = value;
  // Metadata is not a change of status: `updatedAt` stays.
  const updated = await updateCall(work, call.id, { metadata: after as CallRow["metadata"] });
  await work.events.record(work.tx, dataExchangeEvents.draft("call.metadata_changed", call.id, { domain, before: before[domain] ?? null, after: value, metadata: after }));
  return updated;
}
