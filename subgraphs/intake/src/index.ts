import type { DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { createContext, type IntakeContext } from "./context";
import { intakeEvents } from "./domain/events";
import { applicationPermissions } from "./domain/permissions";
import { schema } from "./schema";

export * from "./contract";

/** The intake subgraph: applications and the household records filed with them. */
export const intakeSubgraph: SubgraphDefinition<DomainServices, IntakeContext> = {
  name: "intake",
  schema,
  createContext,
  events: intakeEvents,
  permissions: applicationPermissions,
};
