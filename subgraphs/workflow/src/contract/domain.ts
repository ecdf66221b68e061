import type { DomainContract } from "@pap/kernel/domain";
import { taskSearch } from "./search";
import { workflowEvents } from "../domain/events";
import { workflowPermissions } from "../domain/permissions";
import { metric } from "./metric";
import { queue } from "./queue";
import { task } from "./task";
import { workflowRoutes } from "./rest";

/** The workflow domain as the platform registers it (see `gateway/src/domains.ts`). */
export const workflowDomain: DomainContract = {
  name: "workflow",
  resources: [task, queue, metric],
  events: workflowEvents,
  permissions: workflowPermissions,
  restRoutes: () => workflowRoutes,
  search: [taskSearch],
  // Required here, not imported: loading the subgraph builds its schema, which the REST process never needs.
  subgraph: () => (require("../index") as typeof import("../index")).workflowSubgraph,
};
