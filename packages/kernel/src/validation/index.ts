export {
  declaredFields,
  detailsFromZod,
  givenFields,
  parseBody,
  presentEntries,
  readOnlyFields,
  requireObjectBody,
  serverSetFields,
  withoutReadOnlyFields,
} from "./body";
export { defaultMaxBodyDepth, maxBodyDepthFromEnv, unacceptableJson } from "./json-shape";
export { applyMergePatch } from "./merge-patch";
