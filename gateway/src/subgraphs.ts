import { domains, registry } from "./domains";
import type { PlatformSubgraph } from "./platform-subgraph";

export type { PlatformSubgraph } from "./platform-subgraph";

/** Every registered domain's subgraph; importing this builds their schemas. */
export const subgraphs: readonly PlatformSubgraph[] = registry.map((entry) =>
  entry.loadSubgraph(domains.filter((other) => other !== entry.contract)),
);
