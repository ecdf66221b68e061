export { dataExchangeDomain } from "./domain";
export { service } from "./service";
export { serviceCall } from "./service-call";
export { seededServices } from "../config/services";
export { dataExchangeEvents } from "../domain/events";
export {
  callModes,
  callResults,
  callStatuses,
  failureReasons,
  isServiceType,
  metadataNamespaces,
  serviceTypes,
} from "../domain/vocabulary";
export type { CallMode, CallResult, CallStatus, FailureReason, MetadataNamespace, ServiceType } from "../domain/vocabulary";
export { agencyAdapterPrincipal } from "../agencies/principal";
