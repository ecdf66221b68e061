import { crudRoutes, type RestRoute } from "@pap/kernel";
import { application } from "./application";
import { member } from "./member";

const tag = "Intake";
const applications = "/intake/applications";

/** The intake domain (SPEC §4.9): applications, and the members filed with each. */
export const intakeRoutes: RestRoute[] = [
  ...crudRoutes({ resource: application, tag, collectionPath: applications, idParam: "applicationId" }).map((route) =>
    // Only a draft is deleted and only a draft or an application under review changed: anything else is 409.
    route.method === "PATCH" || route.method === "DELETE" ? { ...route, docs: { ...route.docs, errorStatuses: [...route.docs.errorStatuses, 409].sort() } } : route,
  ),
  ...crudRoutes({ resource: member, tag, collectionPath: `${applications}/{applicationId}/members`, idParam: "memberId", parentParam: "applicationId" }).map((route) =>
    route.method === "GET" ? route : { ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, 404, 409])].sort() } },
  ),
];
