import { type MachineCaller, planTransition } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import type { Document } from "@pap/db";
import { scheduleTimer } from "@pap/events";
import type { LifecycleState } from "../contract/document";
import { documentManagementEvents, retentionDeadlineTimerId, retentionTriggerTimerId } from "../domain/events";
import { documentLifecycle, type DocumentInLifecycle } from "../domain/lifecycle-machine";
import { documentDateTrigger } from "../domain/retention";
import { lockDocument, lockedDocument } from "./locked-document";
import type { DocumentManagementWork } from "./work";

/** The records lifecycle's writes: every move under the document's row lock, with its events and timers. */

const inLifecycle = (document: Document): DocumentInLifecycle => ({ ...document, status: document.lifecycleState as LifecycleState });

/** Runs one action of the lifecycle on a locked document, then what follows from where it stands. */
async function act(
  work: DocumentManagementWork,
  document: Document,
  action: string,
  caller: MachineCaller,
  body: unknown,
): Promise<Document> {
  const type = await work.tx.documentType.findUniqueOrThrow({ where: { id: document.documentTypeId } });
  const plan = await planTransition(
    documentLifecycle,
    action,
    inLifecycle(document),
    caller,
    body,
    { retentionYears: type.retentionYears },
    work.clock.now(),
  );
  const { status, ...changes } = plan.changes as Partial<DocumentInLifecycle>;
  const after = await work.tx.document.update({
    where: { id: document.id },
    data: { ...(changes as object), ...(status && { lifecycleState: status }), updatedAt: work.clock.now() },
  });
  await work.events.record(work.tx, ...documentManagementEvents.emitted(plan.emissions, document.id));
  if (plan.to === "retained" && after.retentionDeadline) {
    await scheduleTimer(work, {
      id: retentionDeadlineTimerId(after.id),
      fireAt: after.retentionDeadline,
      callback: documentManagementEvents.draft("retention_deadline_due", after.id),
    });
  }
  return action === "release-legal-hold" ? advanceAsFarAsDue(work, after) : after;
}

/** A caller's action (a hold placed or released, a disposition approved). */
export async function transitionDocument(
  work: DocumentManagementWork,
  input: { id: string; action: string; caller: MachineCaller; body: unknown },
): Promise<Document> {
  return act(work, await lockedDocument(work, input.id), input.action, input.caller, input.body);
}

/**
 * Whatever the lifecycle owes a document now that nothing holds it: retention once its trigger fired
 * (`retainedAt`), pending disposition once its deadline passed. A hold stops both; releasing it
 * comes back here.
 */
async function advanceAsFarAsDue(work: DocumentManagementWork, document: Document): Promise<Document> {
  let current = document;
  if (current.legalHold) return current;
  if (current.lifecycleState === "active" && current.retainedAt) current = await act(work, current, "retain", systemPrincipal, {});
  const now = work.clock.now();
  if (current.lifecycleState === "retained" && current.retentionDeadline && current.retentionDeadline <= now)
    current = await act(work, current, "mark-pending-disposition", systemPrincipal, {});
  return current;
}

/** The document's retention trigger fired at `at` (the first time counts): retained, unless a hold waits. Answers the document as it then is. */
export async function triggerRetention(work: DocumentManagementWork, documentId: string, at: Date): Promise<Document | null> {
  const document = await lockDocument(work, documentId);
  if (document?.lifecycleState !== "active") return document;
  const triggered = document.retainedAt ? document : await work.tx.document.update({ where: { id: documentId }, data: { retainedAt: at } });
  return advanceAsFarAsDue(work, triggered);
}

/** A retained document's deadline timer fired: pending disposition, unless a hold waits (its release moves it). */
export async function reachRetentionDeadline(work: DocumentManagementWork, documentId: string): Promise<void> {
  const document = await lockDocument(work, documentId);
  if (document) await advanceAsFarAsDue(work, document);
}

/**
 * What filing starts, by the type's trigger: `submission_date` is reached at once (the document's
 * submission is its filing); `document_date` at the date on its face, by a durable timer (at once when
 * that date is past). The others wait for the document's links to close. Answers the document as it then is.
 */
export async function startRetentionClock(work: DocumentManagementWork, document: Document, trigger: string): Promise<Document> {
  if (trigger === "submission_date") return (await triggerRetention(work, document.id, document.createdAt)) ?? document;
  if (trigger === "document_date" && document.documentDate) {
    await scheduleTimer(work, {
      id: retentionTriggerTimerId(document.id),
      fireAt: documentDateTrigger(document.documentDate),
      callback: documentManagementEvents.draft("retention_trigger_due", document.id),
    });
  }
  return document;
}
