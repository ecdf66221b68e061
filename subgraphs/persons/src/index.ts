import type { DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { createContext, type PersonsContext } from "./context";
import { personEvents } from "./domain/events";
import { personPermissions } from "./domain/permissions";
import { schema } from "./schema";


export * from "./contract";

export const personsSubgraph: SubgraphDefinition<DomainServices, PersonsContext> = {
  name: "persons",
  schema,
  createContext,
  events: personEvents,
  permissions: personPermissions,
};
