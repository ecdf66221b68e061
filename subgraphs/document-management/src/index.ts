import { processContentSettings } from "@pap/content";
import { defineSubgraph } from "@pap/kernel/domain";
import { configuredDocumentTypes } from "./config/deployment";
import { retentionReactions } from "./consumers/retention";
import { createContext } from "./context";
import { documentManagementDomain } from "./contract";
import { schema } from "./schema";
import { seedDocumentTypes } from "./seed";

/**
 * The document-management subgraph: document types (seeded from configuration at every start),
 * documents and their versions, links, and the records lifecycle's reactions.
 */
export const subgraph = defineSubgraph(documentManagementDomain, {
  schema,
  createContext,
  seed: (services) => seedDocumentTypes(services.db, configuredDocumentTypes()),
  consumers: [retentionReactions({ content: () => processContentSettings() })],
});
