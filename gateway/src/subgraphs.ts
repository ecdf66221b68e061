import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SubgraphDefinition } from "@pap/kernel/domain";
import { domains, registry } from "./domains";

/** A domain as the platform runs it: its subgraph, and the durable consumers through which it reacts to other domains' events. */
export type PlatformSubgraph = SubgraphDefinition<DomainServices, object> & { consumers?: readonly ConsumerDefinition[] };

/** Every registered domain's subgraph; importing this builds their schemas. */
export const subgraphs: readonly PlatformSubgraph[] = registry.map((entry) => entry.loadSubgraph(domains.filter((other) => other !== entry.contract)));
