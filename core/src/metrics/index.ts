export {
  eventsCommitted,
  graphqlDuration,
  graphqlOperations,
  httpDuration,
  httpRequests,
  isPlatformWide,
  latencyBuckets,
  metricsRegistry,
  openConnections,
  operationLabel,
  platformWide,
  processSeries,
  rateLimitRefusals,
  serverFaults,
  subscriptionExecutions,
  subscriptionPayloads,
} from "./registry";
export { combinedText, processMetrics, setMetricsService } from "./platform-view";
export type { ProcessMetrics } from "./platform-view";
export { gatherMetricsOf, joinPlatformMetrics, metricsParentEnv, platformMetricsText, processMetricsText } from "./gather";
export { dbQueryDuration, watchPool } from "./database";
export type { PoolCounts, StatementKind } from "./database";
