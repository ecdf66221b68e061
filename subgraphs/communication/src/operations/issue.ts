import { validationFailed, type BusinessCalendar, type Clock } from "@pap/core";
import type { Notice, Prisma, PrismaClient } from "@pap/db";
import type { ContentStore, StagedContent } from "@pap/content";
import { createDocument, NOTICE_DOCUMENT_TYPE_ID } from "@pap/document-management/operations";
import { Readable } from "node:stream";
import { configuredWording } from "../config/deployment";
import { composeNotice, type ComposedNotice } from "../domain/compose";
import { renderNoticePdf } from "../rendering/pdf";
import { noticeEventData, noticeEvents } from "../domain/notice-events";
import { languageOf, recipientsOf, type Destination, type Recipient } from "../domain/recipients";
import {
  decisionNoticeTypes,
  documentRequestCategories,
  documentRequestType,
  isDocumentRequest,
  noticeLanguages,
  type NoticeLanguage,
  type NoticeProgram,
  type NoticeSubjectType,
  type NoticeType,
} from "../domain/vocabulary";
import { citationsOf, decisionFacts, documentRequestFacts, missedInterviewFacts, reminderFacts, type GatheredFacts } from "./facts";
import { readApplicationForNotices, type ApplicationForNotices } from "./household";
import { documentVersionIdFor, noticeIdFor } from "./ids";
import type { CommunicationWork } from "./work";

type Reader = PrismaClient | Prisma.TransactionClient;

/** A notice to issue: what it is, for which application and about what; `origin` makes issuing it again a no-op. */
export type NoticeRequest = {
  type: NoticeType;
  applicationId: string;
  program?: NoticeProgram | null;
  subjectType?: NoticeSubjectType | null;
  subjectId?: string | null;
  language?: NoticeLanguage | null;
  metadata?: Record<string, unknown> | null;
  origin?: string | null;
};

/** A notice composed, rendered and its bytes stored, ready to be recorded in a transaction. */
export type PreparedNotice = {
  id: string;
  request: NoticeRequest;
  language: NoticeLanguage;
  county: string | null;
  recipients: Recipient[];
  composed: ComposedNotice;
  staged: StagedContent;
};

export type IssuingDeps = { db: PrismaClient; store: ContentStore; clock: Clock; calendar: BusinessCalendar; emailEnabled: boolean };

const appointmentFor = async (db: Reader, request: NoticeRequest) => {
  if (request.subjectType !== "appointment" || !request.subjectId)
    throw validationFailed([
      { field: "subjectId", message: `must name the appointment a ${request.type} is about (subjectType appointment)` },
    ]);
  const appointment = await db.appointment.findUnique({ where: { id: request.subjectId } });
  if (!appointment) throw validationFailed([{ field: "subjectId", message: "does not name an appointment" }]);
  return appointment;
};

/** The facts of a notice, gathered from the records its request names; a request that names the wrong records is refused (422). */
async function gatherFacts(
  deps: IssuingDeps,
  request: NoticeRequest,
  application: ApplicationForNotices,
  noticeDate: Date,
): Promise<GatheredFacts> {
  const { db, calendar } = deps;
  if (isDocumentRequest(request.type)) {
    if (request.subjectType !== "verification" || !request.subjectId)
      throw validationFailed([
        { field: "subjectId", message: "must name the verification a document request asks for (subjectType verification)" },
      ]);
    const gathered = await documentRequestFacts(db, application, request.subjectId, noticeDate, calendar);
    if (!gathered) throw validationFailed([{ field: "subjectId", message: "does not name a verification of this application" }]);
    if (documentRequestType(gathered.category) !== request.type)
      throw validationFailed([
        { field: "type", message: `must be ${documentRequestType(gathered.category)} for a ${gathered.category} verification` },
      ]);
    return gathered;
  }
  if ((decisionNoticeTypes as readonly string[]).includes(request.type)) {
    if (!request.program) throw validationFailed([{ field: "program", message: `is required: a ${request.type} is about one program` }]);
    const gathered = await decisionFacts(db, application, request.program, request.type, noticeDate, calendar);
    if (!gathered) throw validationFailed([{ field: "program", message: `no member's ${request.program} decision is made yet` }]);
    return gathered;
  }
  const appointment = await appointmentFor(db, request);
  if (request.type === "appointment_reminder") return reminderFacts(appointment.startAt, appointment.appointmentType);
  const submitted = await db.application.findUnique({ where: { id: application.applicationId }, select: { submittedAt: true } });
  return missedInterviewFacts(appointment.startAt, submitted?.submittedAt ?? null, noticeDate, calendar);
}

/** Email copies become paper ones when the platform sends no email; a recipient left with no channel is dropped. */
export function withEmailAvailability(recipients: Recipient[], emailEnabled: boolean): Recipient[] {
  if (emailEnabled) return recipients;
  return recipients
    .map((recipient) => {
      const destinations = recipient.destinations.filter((destination) => destination.channel === "paper");
      return { ...recipient, destinations, channels: destinations.map((destination) => destination.channel) };
    })
    .filter((recipient) => recipient.destinations.length > 0);
}

/**
 * Composes and renders a notice and stores its PDF, outside any transaction (rendering takes a while,
 * and the bytes must be in the store before a document names them). The same origin gives the same
 * notice id and content key, so preparing it again overwrites rather than adds.
 */
export async function prepareNotice(deps: IssuingDeps, request: NoticeRequest): Promise<PreparedNotice> {
  const application = await readApplicationForNotices(deps.db, request.applicationId);
  if (!application) throw validationFailed([{ field: "applicationId", message: "does not name an application" }]);
  const noticeDate = deps.clock.now();
  const gathered = await gatherFacts(deps, request, application, noticeDate);
  const language = request.language ?? languageOf(application.household);
  const composed = composeNotice(
    {
      type: request.type,
      language,
      applicationId: application.applicationId,
      noticeDate,
      householdName: application.householdName,
      citations: await citationsOf(deps.db, gathered.policies),
      timeZone: deps.calendar.timeZone,
    },
    gathered.facts,
    configuredWording()[noticeLanguages.includes(language) ? language : "en"],
  );
  const id = noticeIdFor(request.origin);
  const contentId = documentVersionIdFor(id);
  const pdf = await renderNoticePdf(composed);
  const stored = await deps.store.put(contentId, Readable.from([pdf]));
  return {
    id,
    request,
    language,
    county: application.county,
    recipients: withEmailAvailability(recipientsOf(application.household), deps.emailEnabled),
    composed,
    staged: {
      contentId,
      fileName: `${request.type}-${id}.pdf`,
      mimeType: "application/pdf",
      sizeBytes: stored.sizeBytes,
      contentHash: stored.contentHash,
      scan: "not-scanned",
    },
  };
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** Why a notice nobody can be reached for fails. */
export const NOBODY_REACHED = "no recipient has an address or an email address on file";

/** A copy per recipient and destination, due now: what issuing a notice and sending it again both queue. */
export const copiesOf = (noticeId: string, recipients: readonly Recipient[], now: Date) =>
  recipients.flatMap((recipient) =>
    recipient.destinations.map((destination: Destination) => ({
      noticeId,
      recipientId: recipient.recipientId,
      channel: destination.channel,
      destination: json(destination),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );

/**
 * Records a prepared notice in the work's transaction: its PDF filed as a document of the application,
 * the notice, a delivery per recipient and channel, and `notice.queued` — or, with no recipient that can
 * be reached, the notice `failed` with `notice.failed`. A notice of the same origin already recorded is
 * answered as it is.
 */
export async function recordNotice(work: CommunicationWork, prepared: PreparedNotice, filedBy = "system"): Promise<Notice> {
  const { request } = prepared;
  if (request.origin) {
    const existing = await work.tx.notice.findUnique({ where: { origin: request.origin } });
    if (existing) return existing;
  }
  const now = work.clock.now();
  const document = await createDocument(
    work,
    {
      documentTypeId: NOTICE_DOCUMENT_TYPE_ID,
      title: prepared.composed.title,
      metadata: { intake: { applicationId: request.applicationId }, communication: { noticeId: prepared.id, type: request.type } },
    },
    prepared.staged,
    filedBy,
    prepared.county,
  );
  const reachable = prepared.recipients.length > 0;
  const notice = await work.tx.notice.create({
    data: {
      id: prepared.id,
      type: request.type,
      program: request.program ?? null,
      status: reachable ? "queued" : "failed",
      language: prepared.language,
      applicationId: request.applicationId,
      subjectType: request.subjectType ?? null,
      subjectId: request.subjectId ?? null,
      recipients: json(prepared.recipients.map(({ destinations: _where, ...recipient }) => recipient)),
      documentId: document.id,
      metadata: json(request.metadata ?? {}),
      origin: request.origin ?? null,
      county: prepared.county,
      failedAt: reachable ? null : now,
      createdAt: now,
      updatedAt: now,
    },
  });
  const deliveries = copiesOf(notice.id, prepared.recipients, now);
  if (deliveries.length) await work.tx.noticeDelivery.createMany({ data: deliveries });
  await work.events.record(
    work.tx,
    reachable
      ? noticeEvents.draft("notice.queued", notice.id, {
          ...noticeEventData(notice),
          language: notice.language,
          documentId: document.id,
          channels: [...new Set(deliveries.map((delivery) => delivery.channel))],
        })
      : noticeEvents.draft("notice.failed", notice.id, {
          ...noticeEventData(notice),
          reason: NOBODY_REACHED,
        }),
  );
  return notice;
}

/** The verification categories a document request exists for, and its type for one (re-exported for consumers). */
export { documentRequestCategories, documentRequestType };
