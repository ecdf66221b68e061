export * from "./declaration";
export { defineResource, type Resource, type CreateBody, type UpdateBody } from "./resource";
export { createBodyOf, updateBodyOf, bodyFromInput } from "./bodies";
export { selectionOf, responseOf, snapshotOf } from "./representation";
export { listRulesOf } from "./list-rules";
// The graph methods every subgraph builder has (`t.declaredFields`, `builder.graphCrud` …), added when loaded.
import "./graph";
import "./graph-crud";
import "./graph-singleton";
import "./graph-metadata";
export type { SchemaResolvers } from "./graph";
export type { BodyOf } from "./types";
export { storageDisagreements, type StoredModel, type StoredField } from "./storage-agreement";
export { columnsOf } from "./columns";
export type { GraphCrud } from "./graph-crud";
export type { GraphSingleton } from "./graph-singleton";
export { dateOnly } from "./kinds";
export { metadataNamespaces, namespaceMap, namespaceOf, requireNamespaceOwner, withNamespace, type MetadataNamespace } from "./metadata-namespaces";
export type { MetadataNamespaceMutations } from "./graph-metadata";
