import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { approvalReactions } from "./consumers/approvals";
import { createContext, type CaseManagementContext } from "./context";
import { caseEvents } from "./domain/events";
import { casePermissions } from "./domain/permissions";
import { schema } from "./schema";

export * from "./contract";
export { approvalReactions } from "./consumers/approvals";

/** The case-management subgraph: cases, and the cases approved applications open (its reaction to intake). */
export const caseManagementSubgraph: SubgraphDefinition<DomainServices, CaseManagementContext> & { consumers: readonly ConsumerDefinition[] } = {
  name: "case-management",
  schema,
  createContext,
  events: caseEvents,
  permissions: casePermissions,
  consumers: [approvalReactions()],
};
