import { crudRoutes, machineActionRoutes, notFound, parseBody, requireObjectBody, serverSetFields, withoutReadOnlyFields, type RestRoute } from "@pap/kernel";
import { applicationMachine } from "../domain/application-machine";
import { verificationMachine } from "../domain/verification-machine";
import { application } from "./application";
import { member } from "./member";
import { applicationRecords, verification, type ApplicationRecordKind } from "./records";

const tag = "Intake";
const applications = "/intake/applications";
const applicationPath = `${applications}/{applicationId}`;

/** Statuses a route may answer beyond its generic ones. */
const withStatuses = (route: RestRoute, ...statuses: number[]): RestRoute => ({ ...route, docs: { ...route.docs, errorStatuses: [...new Set([...route.docs.errorStatuses, ...statuses])].sort() } });

/** A record of the application: reached through it (404 for another's), written only while it is a draft or under review (409). */
const nestedRoutes = (routes: RestRoute[]) => routes.map((route) => (route.method === "GET" ? withStatuses(route, 404) : withStatuses(route, 404, 409)));

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** A singleton's GET (404 only when the application is missing; before its first write it is an empty record) and its PATCH that creates it. */
function singletonRoutes(kind: ApplicationRecordKind): RestRoute[] {
  const { resource } = kind;
  const path = `${applicationPath}/${kind.segment}`;
  const field = lowerFirst(resource.name);
  const serverSet = serverSetFields(resource.response, resource.updateBody);
  return [
    {
      method: "GET",
      path,
      operationId: `get${resource.name}`,
      summary: `Get the application's ${kind.segment.replace(/-/g, " ")}`,
      tag,
      document: `query ($applicationId: ID!) { result: ${field}(applicationId: $applicationId) { ${resource.selection} } }`,
      variables: (request) => ({ applicationId: request.params.applicationId ?? "" }),
      respond: (result, request) => {
        if (!result) throw notFound(resource.name, `of application ${request.params.applicationId ?? ""}`);
        return { status: 200, body: result };
      },
      docs: { response: resource.response, successStatus: 200, errorStatuses: [404, 500] },
    },
    {
      method: "PATCH",
      path,
      operationId: `update${resource.name}`,
      summary: `Change the application's ${kind.segment.replace(/-/g, " ")}, creating it on the first write`,
      tag,
      document: `mutation ($applicationId: ID!, $input: ${resource.name}UpdateInput!) { result: update${resource.name}(applicationId: $applicationId, input: $input) { ${resource.selection} } }`,
      variables: (request) => ({
        applicationId: request.params.applicationId ?? "",
        input: parseBody(resource.updateBody, withoutReadOnlyFields(requireObjectBody(request.body, { nonEmpty: true }), serverSet)),
      }),
      respond: (result) => ({ status: 200, body: result }),
      docs: { body: resource.updateBody, response: resource.response, successStatus: 200, errorStatuses: [400, 403, 404, 409, 422, 500] },
    },
  ];
}

function recordRoutes(kind: ApplicationRecordKind): RestRoute[] {
  if (kind.singleton) return singletonRoutes(kind);
  return nestedRoutes(crudRoutes({ resource: kind.resource, tag, collectionPath: `${applicationPath}/${kind.segment}`, idParam: kind.idParam!, parentParam: "applicationId" }));
}

/** The intake domain (SPEC §4.9): applications and their lifecycle, members, household records, verifications. */
export const intakeRoutes: RestRoute[] = [
  ...crudRoutes({ resource: application, tag, collectionPath: applications, idParam: "applicationId" }).map((route) =>
    // Only a draft is deleted and only a draft or an application under review changed: anything else is 409.
    route.method === "PATCH" || route.method === "DELETE" ? withStatuses(route, 409) : route,
  ),
  ...machineActionRoutes({ machine: applicationMachine, resource: application, tag, itemPaths: [applicationPath], idParam: "applicationId" }),
  ...nestedRoutes(crudRoutes({ resource: member, tag, collectionPath: `${applicationPath}/members`, idParam: "memberId", parentParam: "applicationId" })),
  ...applicationRecords.flatMap(recordRoutes),
  ...nestedRoutes(crudRoutes({ resource: verification, tag, collectionPath: `${applicationPath}/verifications`, idParam: "verificationId", parentParam: "applicationId" })),
  // The contract's two forms of a verification's action path: under its application, and without it.
  ...machineActionRoutes({
    machine: verificationMachine,
    resource: verification,
    tag,
    itemPaths: [`${applicationPath}/verifications/{verificationId}`, `${applications}/verifications/{verificationId}`],
    idParam: "verificationId",
    parentParam: "applicationId",
  }),
];
