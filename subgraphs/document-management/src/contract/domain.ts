import { defineDomain } from "@pap/kernel/domain";
import { documentManagementEvents } from "../domain/events";
import { documentManagementPermissions } from "../domain/permissions";
import { document, documentVersion } from "./document";
import { documentLink } from "./document-link";
import { documentType } from "./document-type";
import { documentManagementRoutes } from "./rest";
import { documentsSection } from "../config/deployment";

/** The document-management domain as the platform registers it (see `gateway/src/domains.ts`). */
export const documentManagementDomain = defineDomain({
  name: "document-management",
  resources: [documentType, document, documentVersion, documentLink],
  events: documentManagementEvents,
  permissions: documentManagementPermissions,
  restRoutes: documentManagementRoutes,
  configSections: [documentsSection],
});
