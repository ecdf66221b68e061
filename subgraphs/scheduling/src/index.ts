import type { DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { createContext, type SchedulingContext } from "./context";
import { appointmentEvents } from "./domain/events";
import { appointmentPermissions } from "./domain/permissions";
import { schema } from "./schema";


export * from "./contract";

export const schedulingSubgraph: SubgraphDefinition<DomainServices, SchedulingContext> = {
  name: "scheduling",
  schema,
  createContext,
  events: appointmentEvents,
  permissions: appointmentPermissions,
};
