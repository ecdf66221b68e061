import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader } from "@pap/kernel/graphql";
import type { Notice, NoticeDelivery, NoticeDeliveryAttempt, PrismaClient } from "@pap/db";
import { processContentSettings } from "@pap/content";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { noticeSettingsFromEnv, type NoticeSettings } from "./config/settings";
import { communicationPermissions } from "./domain/permissions";
import type { IssuingDeps } from "./operations/issue";

function loaders(db: PrismaClient) {
  return {
    noticeById: createByKeyLoader<string, Notice>(
      (ids) => db.notice.findMany({ where: { id: { in: [...ids] } } }),
      (notice) => notice.id,
    ),
    noticesByApplication: createGroupLoader<string, Notice>(
      (ids) => db.notice.findMany({ where: { applicationId: { in: [...ids] } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      (notice) => [notice.applicationId],
    ),
    deliveriesByNotice: createGroupLoader<string, NoticeDelivery>(
      (ids) => db.noticeDelivery.findMany({ where: { noticeId: { in: [...ids] } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      (delivery) => [delivery.noticeId],
    ),
    attemptsByDelivery: createGroupLoader<string, NoticeDeliveryAttempt>(
      (ids) => db.noticeDeliveryAttempt.findMany({ where: { deliveryId: { in: [...ids] } }, orderBy: [{ at: "asc" }, { id: "asc" }] }),
      (attempt) => [attempt.deliveryId],
    ),
  };
}

export type CommunicationContext = DomainContext & {
  loaders: ReturnType<typeof loaders>;
  notices: NoticeSettings;
  /** What issuing a notice needs beyond the request: the content store its PDF goes to, the time zone it dates in. */
  issuing(): IssuingDeps;
};

export function createContext(scope: RequestScope<DomainServices>): CommunicationContext {
  const notices = noticeSettingsFromEnv();
  const base = domainContext(scope, communicationPermissions, { loaders: loaders(scope.db), notices });
  return Object.assign(base, {
    issuing: (): IssuingDeps => ({
      db: scope.db,
      store: processContentSettings().store,
      clock: base.clock,
      calendar: base.calendar,
      emailEnabled: notices.smtpUrl !== undefined,
    }),
  });
}
