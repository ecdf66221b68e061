import type { DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { configuredDocumentTypes } from "./config/deployment";
import { createContext, type DocumentManagementContext } from "./context";
import { documentManagementEvents } from "./domain/events";
import { documentManagementPermissions } from "./domain/permissions";
import { schema } from "./schema";
import { seedDocumentTypes } from "./seed";

export * from "./contract";

/** The document-management subgraph: so far the document types, seeded from configuration at every start. */
export const documentManagementSubgraph: SubgraphDefinition<DomainServices, DocumentManagementContext> = {
  name: "document-management",
  schema,
  createContext,
  events: documentManagementEvents,
  permissions: documentManagementPermissions,
  seed: (services) => seedDocumentTypes(services.db, configuredDocumentTypes()),
};
