import type { PrismaClient } from "@pap/db";
import type { SubgraphDefinition } from "@pap/kernel";
import { createContext, type SchedulingContext } from "./db";
import { schema } from "./schema";

export { appointmentCreateBody, appointmentUpdateBody, appointmentListSpec } from "./domain/appointment";

export const schedulingSubgraph: SubgraphDefinition<PrismaClient, SchedulingContext> = { name: "scheduling", schema, createContext };
