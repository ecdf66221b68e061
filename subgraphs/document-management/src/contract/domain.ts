import type { DomainContract } from "@pap/kernel/domain";
import { documentManagementEvents } from "../domain/events";
import { documentManagementPermissions } from "../domain/permissions";
import { document, documentVersion } from "./document";
import { documentLink } from "./document-link";
import { documentType } from "./document-type";
import { documentManagementRoutes } from "./rest";

/** The document-management domain as the platform registers it (see `gateway/src/domains.ts`). */
export const documentManagementDomain: DomainContract = {
  name: "document-management",
  resources: [documentType, document, documentVersion, documentLink],
  events: documentManagementEvents,
  permissions: documentManagementPermissions,
  restRoutes: () => documentManagementRoutes,
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: () => (require("../index") as typeof import("../index")).documentManagementSubgraph,
};
