import type { PrismaClient } from "@pap/db";
import type { SubgraphDefinition } from "@pap/kernel";
import { createContext, type CaseManagementContext } from "./db";
import { schema } from "./schema";

export { caseCreateBody, caseUpdateBody, caseListSpec } from "./domain/case";

export const caseManagementSubgraph: SubgraphDefinition<PrismaClient, CaseManagementContext> = {
  name: "case-management",
  schema,
  createContext,
};
