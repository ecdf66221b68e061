import type { PrismaClient } from "@pap/db";
import type { SubgraphDefinition } from "@pap/kernel";
import { caseManagementSubgraph } from "@pap/case-management";
import { personsSubgraph } from "@pap/persons";
import { schedulingSubgraph } from "@pap/scheduling";

export type PlatformSubgraph = SubgraphDefinition<PrismaClient, object>;

/** Every domain subgraph of the platform; adding a domain means adding it here. */
export const subgraphs: readonly PlatformSubgraph[] = [personsSubgraph, caseManagementSubgraph, schedulingSubgraph];
