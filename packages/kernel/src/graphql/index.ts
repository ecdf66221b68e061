export { sharedScalars } from "./scalars";
export type { JsonValue, SharedScalars } from "./scalars";
export { apolloErrorFormatting, formatGraphError, operationValues } from "./format-error";
export type { FailedOperation } from "./format-error";
export { createByKeyLoader, createGroupLoader, createRowByIdLoader, loadByUuid } from "./loaders";
export { listArguments } from "./list-fields";
export { httpGraphExecutor } from "./executor";
export type { GraphExecutor, GraphRequest, GraphResult, GraphSubscriber } from "./executor";
export { createSubgraphBuilder } from "./subgraph-builder";
export { webSocketGraphSubscriber } from "./ws-subscriber";
export {
  DEFAULT_RELATION_SIZE,
  defaultQueryLimits,
  expectedSize,
  maxTextNesting,
  queryLimitsFromEnv,
  queryLimitsRule,
  refuseDeepText,
  relationSizesOf,
  textNestingDepth,
} from "./limits";
export type { QueryLimits, RelationSizes } from "./limits";
export { filtered, reachableOnly } from "./change-feed";
export type { ChangeFeed, EventReference } from "./change-feed";
export { perDocument } from "./per-document";
export { refuseUnrepresentableNumbers, requireOneOperation, unrepresentableNumber } from "./request-guards";
export type { MachineMutations } from "./machine-mutations";
export { forwardedHeaderNames, pickForwardedHeaders, visibilityOf } from "./forwarded-headers";
export { compiledExecution } from "./compiled-execution";
export { MappedStream } from "./mapped-stream";
export { SharedExecutions } from "./shared-executions";
export type { GroupMembership } from "./shared-executions";
export { sharedSubscriptions } from "./shared-subscribe";
export type { SharedSubscribeArgs } from "./shared-subscribe";
export { claimHeaderValue, idempotencyClaimHeader, idempotencyScope, parseClaimHeader } from "./idempotency-claim";
export type { IdempotencyClaim } from "./idempotency-claim";
// The graph methods every subgraph builder has (`t.declaredFields`, `builder.graphCrud` …), added when loaded.
import "./resource-graph";
import "./graph-crud";
import "./graph-singleton";
import "./graph-metadata";
import "./machine-mutations";
export type { SchemaResolvers } from "./resource-graph";
export type { GraphCrud } from "./graph-crud";
export type { GraphSingleton } from "./graph-singleton";
export type { MetadataNamespaceMutations } from "./graph-metadata";
export type { KernelContext, KernelTypes, LiveEvent, LiveHub, PlatformAuthScopes } from "./builder-methods";
export { sensitivePathsOf } from "./sensitive-reads";
export type { SensitiveRead, SensitiveReadLog } from "./sensitive-reads";
export { admitOperation, trustedOperationsFromEnv } from "./trusted-operations";
export type { Admission, OperationParams, TrustedOperations } from "./trusted-operations";
