import { defineDomain } from "@pap/kernel/domain";
import { appointmentSearch } from "./search";
import { schedulingEventDeclarations } from "../domain/events";
import { appointmentPermissions } from "../domain/permissions";
import { appointment } from "./appointment";
import { appointmentRoutes } from "./rest";

/** The scheduling domain as the platform registers it (see `gateway/src/domains.ts`). */
export const schedulingDomain = defineDomain({
  name: "scheduling",
  resources: [appointment],
  events: schedulingEventDeclarations,
  permissions: appointmentPermissions,
  restRoutes: appointmentRoutes,
  search: [appointmentSearch],
});
