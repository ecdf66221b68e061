import { validationFailed } from "@pap/core";
import { countyOfNewRecord } from "@pap/kernel/auth";
import { findPage } from "@pap/kernel/list";
import { loadByUuid } from "@pap/kernel/graphql";
import { parseBody } from "@pap/kernel/validation";
import type { Notice, NoticeDelivery } from "@pap/db";
import type { ObjectRef } from "@pothos/core";
import { builder, type Types } from "../builder";
import type { CommunicationContext } from "../context";
import { notice, noticeDelivery, type NoticeCreate } from "../contract/notice";
import { noticeMachine } from "../domain/notice-machine";
import { prepareNotice, recordNotice } from "../operations/issue";
import { transitionNotice } from "../operations/transitions";
import { inTransaction } from "../operations/work";
import { DocumentRef } from "./document";
import { noticeScope } from "./notice-scope";

export const NoticeDeliveryRef: ObjectRef<Types, NoticeDelivery> = builder.objectRef<NoticeDelivery>("NoticeDelivery").implement({
  description: noticeDelivery.declaration.description,
  authScopes: { permission: "notices:read" },
  fields: (t) =>
    t.declaredFields(noticeDelivery.declaration.fields, {
      attemptLog: t.field({
        type: "JSON",
        description: noticeDelivery.declaration.fields.attemptLog.description,
        resolve: async (delivery, _args, context) =>
          (await context.loaders.attemptsByDelivery.load(delivery.id)).map((attempt) => ({
            at: attempt.at.toISOString(),
            outcome: attempt.outcome,
            detail: attempt.detail,
          })),
      }),
    }),
});

export const NoticeRef: ObjectRef<Types, Notice> = builder.prismaObject("Notice", {
  authScopes: { permission: "notices:read" },
  description: notice.declaration.description,
  fields: (t) =>
    t.declaredFields(notice.declaration.fields, {
      deliveries: t.field({
        type: [NoticeDeliveryRef],
        description: notice.declaration.fields.deliveries.description,
        resolve: (found, _args, context) => context.loaders.deliveriesByNotice.load(found.id),
      }),
      document: t.field({
        type: DocumentRef,
        nullable: true,
        description: notice.declaration.fields.document.description,
        resolve: (found) => (found.documentId ? { id: found.documentId } : null),
      }),
    }),
});

const loadNotice = async (id: string, context: CommunicationContext) =>
  noticeScope.reachable(context, await loadByUuid(context.loaders.noticeById, id));

/**
 * Issues a notice by hand: composed from the records the request names, rendered, filed and queued.
 * The PDF is rendered and stored before the transaction, as a reaction does.
 */
async function issueNotice(body: NoticeCreate, context: CommunicationContext): Promise<Notice> {
  const application = await context.db.application.findUnique({ where: { id: body.applicationId.toLowerCase() }, select: { id: true } });
  if (!application) throw validationFailed([{ field: "applicationId", message: "does not name an application" }]);
  // An application out of the caller's counties is not found, as reading it would be.
  await countyOfNewRecord(context, { type: "application", id: application.id });
  const prepared = await prepareNotice(context.issuing(), { ...body, applicationId: application.id, metadata: body.metadata ?? {} });
  const filedBy = (await context.principal()).id ?? "system";
  return inTransaction(context, (work) => recordNotice(work, prepared, filedBy));
}

builder.graphCrud({
  resource: notice,
  ref: NoticeRef,
  only: ["get", "list", "create"],
  load: loadNotice,
  page: async (args, context) => {
    const inReach = await noticeScope.condition(context);
    return findPage(notice.listSpec, args, {
      items: (query) => context.db.notice.findMany({ ...query, where: { AND: [query.where, inReach] } }),
      total: (where) => context.db.notice.count({ where: { AND: [where, inReach] } }),
    });
  },
  create: (body, context) => issueNotice(parseBody(notice.createBody, body) as NoticeCreate, context),
  descriptions: {
    create:
      "Issues a notice by hand (a notice of action, a document request): composed from the records it names, rendered to PDF in the household's language, filed as a document of the application and a copy queued for each recipient.",
  },
});

builder.machineMutations({
  machine: noticeMachine,
  resourceName: "Notice",
  ref: NoticeRef,
  authScopes: { permission: "notices:update" },
  perform: async ({ id, action, caller, body }, context) => {
    await noticeScope.requireInReach(context, id);
    return inTransaction(context, (work) =>
      transitionNotice(work, { id, action, caller, body, emailEnabled: context.notices.smtpUrl !== undefined }),
    );
  },
});
