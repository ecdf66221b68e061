export { columnOf, declaredInput, graphFields, inputDescriptionOf, representedFields, spreadFieldOf, writableFields } from "./declaration";
export type { FieldDeclaration, Fields, ResourceDeclaration, ValueKind, Visibility, WriteAccess } from "./declaration";
export { defineResource, type Resource, type CreateBody, type UpdateBody } from "./resource";
export { createBodyOf, updateBodyOf, bodyFromInput, valueCheck } from "./bodies";
export { selectionOf, responseOf, snapshotOf } from "./representation";
export { listRulesOf } from "./list-rules";
export type { BodyOf } from "./types";
export { storageDisagreements, type StoredModel, type StoredField } from "./storage-agreement";
export { columnsOf } from "./columns";
export { dateOnly, graphTypeNameOf } from "./kinds";
export {
  metadataNamespaces,
  namespaceMap,
  namespaceOf,
  requireNamespaceOwner,
  withNamespace,
  type MetadataNamespace,
} from "./metadata-namespaces";
