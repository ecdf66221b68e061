import { defineDomain } from "@pap/kernel/domain";
import { platformPermissions } from "../domain/permissions";
import { auditEntry } from "./audit-entry";
import { event } from "./event";
import { policy } from "./policy";
import { platformRoutes } from "./rest";
import { platformSection } from "../config/deployment";

/** The platform domain as the platform registers it (see `gateway/src/domains.ts`). */
export const platformDomain = defineDomain({
  name: "platform",
  resources: [event, policy, auditEntry],
  permissions: platformPermissions,
  restRoutes: (options) => platformRoutes(options.platformBasePath),
  configSections: [platformSection],
});
