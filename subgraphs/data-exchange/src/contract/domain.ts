import { defineDomain } from "@pap/kernel/domain";
import { dataExchangeEvents } from "../domain/events";
import { dataExchangePermissions } from "../domain/permissions";
import { dataExchangeRoutes } from "./rest";
import { service } from "./service";
import { serviceCall } from "./service-call";
import { dataExchangeSection } from "../config/catalog";

/** The data-exchange domain as the platform registers it (see `gateway/src/domains.ts`). */
export const dataExchangeDomain = defineDomain({
  name: "data-exchange",
  resources: [service, serviceCall],
  events: dataExchangeEvents,
  permissions: dataExchangePermissions,
  restRoutes: dataExchangeRoutes,
  configSections: [dataExchangeSection],
});
