import type { DomainContract } from "@pap/kernel/domain";
import { dataExchangeEvents } from "../domain/events";
import { dataExchangePermissions } from "../domain/permissions";
import { dataExchangeRoutes } from "./rest";
import { service } from "./service";
import { serviceCall } from "./service-call";

/** The data-exchange domain as the platform registers it (see `gateway/src/domains.ts`). */
export const dataExchangeDomain: DomainContract = {
  name: "data-exchange",
  resources: [service, serviceCall],
  events: dataExchangeEvents,
  permissions: dataExchangePermissions,
  restRoutes: () => dataExchangeRoutes,
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  // The other domains' doors to the facts agencies need are handed to its adapters.
  subgraph: (others) =>
    (require("../index") as typeof import("../index")).dataExchangeSubgraph(others.flatMap((domain) => domain.sensitiveSources ?? [])) as never,
};
