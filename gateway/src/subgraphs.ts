import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel";
import { caseManagementSubgraph } from "@pap/case-management";
import { personsSubgraph } from "@pap/persons";
import { createIdentitySubgraph } from "@pap/identity";
import { createPlatformSubgraph, platformPermissions } from "@pap/platform";
import { schedulingSubgraph } from "@pap/scheduling";
import { workflowSubgraph } from "@pap/workflow";

/** A domain as the platform runs it: its subgraph, and the durable consumers through which it reacts to other domains' events. */
export type PlatformSubgraph = SubgraphDefinition<DomainServices, object> & { consumers?: readonly ConsumerDefinition[] };

const businessDomains: readonly PlatformSubgraph[] = [personsSubgraph, caseManagementSubgraph, schedulingSubgraph, workflowSubgraph];

/** Identity describes each role by what it grants in every other domain. */
const identity = createIdentitySubgraph([{ permissions: platformPermissions }, ...businessDomains]);
const domains: readonly PlatformSubgraph[] = [...businessDomains, identity];

/** Every subgraph of the platform; adding a domain means adding it to `businessDomains`. */
export const subgraphs: readonly PlatformSubgraph[] = [createPlatformSubgraph(domains), ...domains];
