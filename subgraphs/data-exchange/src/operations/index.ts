// What other domains may do with service calls from their own reactions, joining their transaction
// (intake's verifications, eligibility's electronic checks): submit, and read back by id.
export { submitServiceCall, serviceCallsByIds, type Submission, type Submitted } from "./service-calls";
export { catalogFromEnv, type CatalogEntry } from "../config/catalog";
export { callEndOf, callEndTypes, dataExchangeEvents } from "../domain/events";
export type { CallResult, CallStatus, ServiceType } from "../domain/vocabulary";
