import type { DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { caseManagementSubgraph } from "@pap/case-management";
import { personsSubgraph } from "@pap/persons";
import { createPlatformSubgraph } from "@pap/platform";
import { schedulingSubgraph } from "@pap/scheduling";

export type PlatformSubgraph = SubgraphDefinition<DomainServices, object>;

const domains: readonly PlatformSubgraph[] = [personsSubgraph, caseManagementSubgraph, schedulingSubgraph];

/** Every subgraph of the platform; adding a domain means adding it to `domains`. */
export const subgraphs: readonly PlatformSubgraph[] = [createPlatformSubgraph(domains), ...domains];
