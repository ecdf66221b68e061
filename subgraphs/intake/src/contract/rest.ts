import { type RestRoute, crudRoutes, machineActionRoutes, partActionRoutes, singletonRoutes } from "@pap/kernel/rest";
import { applicationMachine } from "../domain/application-machine";
import { verificationMachine, verificationsAtApplication } from "../domain/verification-machine";
import { application } from "./application";
import { member } from "./member";
import { applicationRecords, verification, type ApplicationRecordKind } from "./records";

const tag = "Intake";
const applications = "/intake/applications";
const applicationPath = `${applications}/{applicationId}`;

/** Statuses a route may answer beyond its generic ones. */
const withStatuses = (route: RestRoute, ...statuses: number[]): RestRoute => ({
  ...route,
  docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, ...statuses])].sort() },
});

/** A record of the application: reached through it (404 for another's), written only while it is a draft or under review (409). */
const nestedRoutes = (routes: RestRoute[]) =>
  routes.map((route) => (route.method === "GET" ? withStatuses(route, 404) : withStatuses(route, 404, 409)));

function recordRoutes(kind: ApplicationRecordKind): RestRoute[] {
  const path = `${applicationPath}/${kind.segment}`;
  if (kind.singleton)
    return singletonRoutes({
      resource: kind.resource,
      tag,
      path,
      parentParam: "applicationId",
      label: `application's ${kind.segment.replace(/-/g, " ")}`,
    });
  return nestedRoutes(
    crudRoutes({ resource: kind.resource, tag, collectionPath: path, idParam: kind.idParam!, parentParam: "applicationId" }),
  );
}

/** The intake domain (SPEC §4.9): applications and their lifecycle, members, household records, verifications. */
export const intakeRoutes: RestRoute[] = [
  ...crudRoutes({ resource: application, tag, collectionPath: applications, idParam: "applicationId" }).map((route) =>
    // Only a draft is deleted and only a draft or an application under review changed: anything else is 409.
    route.method === "PATCH" || route.method === "DELETE" ? withStatuses(route, 409) : route,
  ),
  ...machineActionRoutes({
    machine: applicationMachine,
    resource: application,
    tag,
    itemPaths: [applicationPath],
    idParam: "applicationId",
  }),
  ...nestedRoutes(
    crudRoutes({ resource: member, tag, collectionPath: `${applicationPath}/members`, idParam: "memberId", parentParam: "applicationId" }),
  ),
  ...applicationRecords.flatMap(recordRoutes),
  ...nestedRoutes(
    crudRoutes({
      resource: verification,
      tag,
      collectionPath: `${applicationPath}/verifications`,
      idParam: "verificationId",
      parentParam: "applicationId",
    }),
  ),
  // The two forms of a verification's action path the text names: under its application, and without it.
  ...machineActionRoutes({
    machine: verificationMachine,
    resource: verification,
    tag,
    itemPaths: [`${applicationPath}/verifications/{verificationId}`, `${applications}/verifications/{verificationId}`],
    idParam: "verificationId",
    parentParam: "applicationId",
  }),
  // The specification's table form: at the application's path, the verification named in the body, answering the application.
  ...partActionRoutes({
    ...verificationsAtApplication,
    machine: verificationMachine,
    part: verification,
    parent: application,
    tag,
    parentPath: applicationPath,
    parentParam: "applicationId",
  }),
];
