import { defineDomain } from "@pap/kernel/domain";
import { eligibilityEvents } from "../domain/events";
import { eligibilityPermissions } from "../domain/permissions";
import { decision } from "./decision";
import { determination } from "./determination";
import { eligibilityRoutes } from "./rest";

/** The eligibility domain as the platform registers it (see `gateway/src/domains.ts`). */
export const eligibilityDomain = defineDomain({
  name: "eligibility",
  resources: [determination, decision],
  events: eligibilityEvents,
  permissions: eligibilityPermissions,
  restRoutes: eligibilityRoutes,
});
