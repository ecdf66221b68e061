import { caseEvents } from "@pap/case-management/contract";
import type { ContentSettings } from "@pap/content";
import { eligibilityEvents } from "@pap/eligibility/contract";
import { reactionConsumer, type ConsumerDefinition, type PlatformEvent, type ReactionWork } from "@pap/events";
import { isUuid, type Logger } from "@pap/core";
import { documentManagementEvents } from "../domain/events";
import { documentDateTrigger } from "../domain/retention";
import { closeLinksOf } from "../operations/links";
import { reachRetentionDeadline, triggerRetention } from "../operations/lifecycle";

const subjectOf = (event: PlatformEvent) => (isUuid(event.subject) ? event.subject.toLowerCase() : undefined);
type Changes = { changes?: Array<{ field: string; after: unknown }> };

/** A case's `updated` event that closed it. */
const closesCase = (event: PlatformEvent) =>
  ((event.data ?? {}) as Changes).changes?.some((change) => change.field === "status" && change.after === "closed") ?? false;

/** An application whose completed determination approved nothing: denied. */
async function deniedApplication(work: ReactionWork, event: PlatformEvent): Promise<boolean> {
  const { determinationId } = (event.data ?? {}) as { determinationId?: string };
  if (!isUuid(determinationId)) return false;
  const decisions = await work.tx.decision.findMany({ where: { determinationId }, select: { status: true } });
  return decisions.length > 0 && decisions.every((decision) => decision.status === "denied" || decision.status === "ineligible");
}

/**
 * The records lifecycle's reactions: a `document_date` document's date reached, a retained document's
 * deadline reached (both durable timers), a case closing or an application denied (closing the links
 * that anchor `case_closure` and `application_denial` retention), and a disposition approved, whose
 * bytes are then destroyed in the store (retried until the store has done it: a destroyed document's
 * content is answered 410 from the moment of approval either way).
 */
export function retentionReactions(options: { logger?: Logger; content: () => ContentSettings }): ConsumerDefinition {
  return reactionConsumer({
    name: "document-management.retention",
    logger: options.logger,
    reactions: {
      [documentManagementEvents.draft("retention_trigger_due", "").type]: async (work, event) => {
        const id = subjectOf(event);
        const document = id ? await work.tx.document.findUnique({ where: { id } }) : null;
        if (document?.documentDate) await triggerRetention(work, document.id, documentDateTrigger(document.documentDate));
      },
      [documentManagementEvents.draft("retention_deadline_due", "").type]: async (work, event) => {
        const id = subjectOf(event);
        if (id) await reachRetentionDeadline(work, id);
      },
      [caseEvents.draft("case.updated", "").type]: async (work, event) => {
        const id = subjectOf(event);
        if (id && closesCase(event)) await closeLinksOf(work, "case", id, new Date(event.time));
      },
      [eligibilityEvents.draft("application.determination_completed", "").type]: async (work, event) => {
        const id = subjectOf(event);
        if (id && (await deniedApplication(work, event))) await closeLinksOf(work, "application", id, new Date(event.time));
      },
      [documentManagementEvents.draft("document.destroyed", "").type]: async (work, event) => {
        const id = subjectOf(event);
        if (!id) return;
        const versions = await work.tx.documentVersion.findMany({ where: { documentId: id }, select: { id: true } });
        const { store } = options.content();
        for (const version of versions) await store.delete(version.id);
      },
    },
  });
}
