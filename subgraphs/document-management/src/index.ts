import { processContentSettings } from "@pap/content";
import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { configuredDocumentTypes } from "./config/deployment";
import { retentionReactions } from "./consumers/retention";
import { createContext, type DocumentManagementContext } from "./context";
import { documentManagementEvents } from "./domain/events";
import { documentManagementPermissions } from "./domain/permissions";
import { schema } from "./schema";
import { seedDocumentTypes } from "./seed";

export * from "./contract";

/**
 * The document-management subgraph: document types (seeded from configuration at every start),
 * documents and their versions, links, and the records lifecycle's reactions.
 */
export const documentManagementSubgraph: SubgraphDefinition<DomainServices, DocumentManagementContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "document-management",
  schema,
  createContext,
  events: documentManagementEvents,
  permissions: documentManagementPermissions,
  seed: (services) => seedDocumentTypes(services.db, configuredDocumentTypes()),
  consumers: [retentionReactions({ content: () => processContentSettings() })],
};
