export * from "./declaration";
export { defineResource, type Resource } from "./resource";
export { createBodyOf, updateBodyOf, bodyFromInput } from "./bodies";
export { selectionOf, responseOf, snapshotOf } from "./representation";
export { listRulesOf } from "./list-rules";
export { graphFieldsOf, inputTypeOf, enumTypeOf, objectTypeOf } from "./graph";
export type { BodyOf } from "./types";
export { storageDisagreements, type StoredModel, type StoredField } from "./storage-agreement";
export { columnsOf } from "./columns";
