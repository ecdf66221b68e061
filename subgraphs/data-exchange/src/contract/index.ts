export { dataExchangeDomain } from "./domain";
export { service } from "./service";
export { serviceCall } from "./service-call";
export { seededServices } from "../config/services";
export { dataExchangeEvents } from "../domain/events";
export * from "../domain/vocabulary";
export { agencyAdapterPrincipal } from "../agencies/principal";
