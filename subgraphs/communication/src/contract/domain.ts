import { defineDomain } from "@pap/kernel/domain";
import { noticesSection } from "../config/deployment";
import { noticeEvents } from "../domain/notice-events";
import { communicationPermissions } from "../domain/permissions";
import { notice, noticeDelivery } from "./notice";
import { communicationRoutes } from "./rest";

/** The communication domain as the platform registers it (see `gateway/src/domains.ts`). */
export const communicationDomain = defineDomain({
  name: "communication",
  resources: [notice, noticeDelivery],
  events: noticeEvents,
  permissions: communicationPermissions,
  restRoutes: communicationRoutes,
  configSections: [noticesSection],
});
