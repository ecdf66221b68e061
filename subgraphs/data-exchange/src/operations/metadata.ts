import { notFound, validationFailed } from "@pap/core";
import { withNamespace, type MetadataNamespace } from "@pap/kernel/resource";
import { personalDataPaths } from "../domain/personal-data";
import { dataExchangeEvents } from "../domain/events";
import { lockedCall, updateCall } from "./locked-call";
import type { CallRow, DataExchangeWork } from "./work";

/**
 * Replaces (`value`) or removes (null) one namespace of a call's metadata, leaving the others, and
 * records the change; the call's later events carry the namespaces as they then are. A value holding
 * personal data is refused, as a submission's is.
 */
export async function writeCallMetadata(
  work: DataExchangeWork,
  id: string,
  domain: MetadataNamespace,
  value: Record<string, unknown> | null,
): Promise<CallRow> {
  const problems = value === null ? [] : personalDataPaths(value, "body");
  if (problems.length)
    throw validationFailed(problems.map((field) => ({ field, message: "is personal data, which a service call never carries" })));
  const call = await lockedCall(work, id);
  if (!call) throw notFound("ServiceCall", id);
  const before = (call.metadata ?? {}) as Record<string, unknown>;
  const after = withNamespace(before, domain, value);
  // Metadata is not a change of status: `updatedAt` stays.
  const updated = await updateCall(work, call.id, { metadata: after as CallRow["metadata"] });
  await work.events.record(
    work.tx,
    dataExchangeEvents.draft("call.metadata_changed", call.id, { domain, before: before[domain] ?? null, after: value, metadata: after }),
  );
  return updated;
}
