import { defineDomain } from "@pap/kernel/domain";
import { taskSearch } from "./search";
import { workflowSection } from "../config/deployment";
import { workflowEvents } from "../domain/events";
import { workflowPermissions } from "../domain/permissions";
import { metric } from "./metric";
import { queue } from "./queue";
import { task } from "./task";
import { workflowRoutes } from "./rest";

/** The workflow domain as the platform registers it (see `gateway/src/domains.ts`). */
export const workflowDomain = defineDomain({
  name: "workflow",
  resources: [task, queue, metric],
  events: workflowEvents,
  permissions: workflowPermissions,
  restRoutes: workflowRoutes,
  search: [taskSearch],
  configSections: [workflowSection],
});
