import type { DomainContract } from "@pap/kernel/domain";
import { platformPermissions } from "../domain/permissions";
import { event } from "./event";
import { policy } from "./policy";
import { platformRoutes } from "./rest";

/** The platform domain as the platform registers it (see `gateway/src/domains.ts`). */
export const platformDomain: DomainContract = {
  name: "platform",
  resources: [event, policy],
  permissions: platformPermissions,
  restRoutes: (options) => platformRoutes(options.platformBasePath),
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: (others) => (require("../index") as typeof import("../index")).createPlatformSubgraph(others),
};
