import type { DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { createContext, type CaseManagementContext } from "./context";
import { caseEvents } from "./domain/events";
import { casePermissions } from "./domain/permissions";
import { schema } from "./schema";


export * from "./contract";

export const caseManagementSubgraph: SubgraphDefinition<DomainServices, CaseManagementContext> = {
  name: "case-management",
  schema,
  createContext,
  events: caseEvents,
  permissions: casePermissions,
};
