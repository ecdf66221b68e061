import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { applicationMatching } from "./consumers/application-matching";
import { createContext, type PersonsContext } from "./context";
import { personsDomainEvents } from "./domain/events";
import { personPermissions } from "./domain/permissions";
import { refreshMatchKeys } from "./operations/matching";
import { schema } from "./schema";

export * from "./contract";

export const personsSubgraph: SubgraphDefinition<DomainServices, PersonsContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "persons",
  schema,
  createContext,
  events: personsDomainEvents,
  permissions: personPermissions,
  // Before the consumers start: matching must find every person by keys made with this process's secret.
  seed: async (services) => {
    await refreshMatchKeys(services.db);
  },
  consumers: [applicationMatching()],
};
