import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { caseManagementSubgraph } from "@pap/case-management";
import { personsSubgraph } from "@pap/persons";
import { createPlatformSubgraph } from "@pap/platform";
import { schedulingSubgraph } from "@pap/scheduling";

/** A domain as the platform runs it: its subgraph, and the durable consumers through which it reacts to other domains' events. */
export type PlatformSubgraph = SubgraphDefinition<DomainServices, object> & { consumers?: readonly ConsumerDefinition[] };

const domains: readonly PlatformSubgraph[] = [personsSubgraph, caseManagementSubgraph, schedulingSubgraph];

/** Every subgraph of the platform; adding a domain means adding it to `domains`. */
export const subgraphs: readonly PlatformSubgraph[] = [createPlatformSubgraph(domains), ...domains];
