import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";

/** A domain as the platform runs it: its subgraph, and the durable consumers through which it reacts to other domains' events. */
export type PlatformSubgraph = SubgraphDefinition<DomainServices, object> & { consumers?: readonly ConsumerDefinition[] };
