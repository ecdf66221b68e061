import "./telemetry-off";

export { startPlatform, type RunningPlatform } from "./platform";
export { createGraphServer, type FederatedGraph } from "./graph/server";
export { gatewayContextFromHeaders } from "./graph/context";
export { composeSupergraph } from "./supergraph/compose";
export { subgraphs } from "./subgraphs";
export { runDistributed, distributedPorts } from "./modes/distributed";
export { platformConfig } from "./config";
export { openProcessServices } from "./services";
export type { PlatformSubgraph } from "./subgraphs";
export { configSections, domains, registry } from "./domains";
export { deploymentVerdict } from "./deployment";
export { OwnedOperations, ownedOperationExecutor } from "./graph/owned-operations";
export { loadSupergraph } from "./supergraph/load";
