// Every REST operation × every role (and no token at all, and the identity provider's API key),
// generated from the route table and what each operation's GraphQL field declares: 401 without a
// credential, 403 when the role's permissions (by its domain's table, hierarchy included) lack it,
// success when they include it; `me` needs any signed-in user, token claims only the API key.
// A route added later is covered without touching this file.
import { randomUUID } from "node:crypto";
import { roles } from "@pap/kernel/auth";
import { domains } from "@pap/gateway";
import { restRoutes, type RestRoute } from "@pap/rest-compat";
import { taskMachine } from "@pap/workflow/contract";
import { applicationMachine, verificationMachine } from "@pap/intake/contract";
import { decisionMachine, determinationMachine } from "@pap/eligibility/contract";
import { documentLifecycle } from "@pap/document-management/contract";
import { Kind, parse, type OperationDefinitionNode } from "graphql";
import { bearer } from "../support/auth";
import { MISSING_ID } from "../support/expectations";
import { determinationFixture } from "../support/eligibility-fixtures";
import { kindByIdParam, kindBySegment, recordOn, recordRefsOn, recordSamples, type RecordRefs } from "../support/intake-fixtures";
import { expectedStatus, rootFieldRequirement, type Caller, type Requirement } from "../support/requirements";
import { useTestPlatform } from "../support/platform";
import { API_KEY, newDocumentType, newUser, slot, subjectOf } from "../support/matrix-fixtures";

const { api, platform } = useTestPlatform("auth_matrix");

/** What the GraphQL field a route runs requires of its caller. */
function requirementOf(route: RestRoute): Requirement {
  const operation = parse(route.document).definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )!;
  const field = operation.selectionSet.selections[0];
  if (field?.kind !== Kind.FIELD) throw new Error(`${route.operationId}: no root field`);
  return rootFieldRequirement(operation.operation, field.name.value);
}

/**
 * Task actions: which one a caller may take depends on the task's state, then on the machine's own
 * role rules, which workflow/actions.rest.test.ts checks. Here the task does not exist, so a caller
 * the operation admits gets as far as looking it up (404), and one it refuses never does (401/403).
 */
const machineActions = [
  ...Object.keys(taskMachine.actions).map((action) => `/workflow/tasks/{taskId}/${action}`),
  ...Object.keys(applicationMachine.actions).map((action) => `/intake/applications/{applicationId}/${action}`),
  ...Object.keys(verificationMachine.actions).flatMap((action) => [
    `/intake/applications/{applicationId}/verifications/{verificationId}/${action}`,
    `/intake/applications/verifications/{verificationId}/${action}`,
    // The table's form at the application's path (its application missing).
    `/intake/applications/{applicationId}/${action}`,
  ]),
  // Eligibility's: the determination's, its determination-level decision forms, and the decision's (its determination missing too).
  ...[...Object.keys(determinationMachine.actions), "approve", "deny"].map(
    (action) => `/eligibility/determinations/{determinationId}/${action}`,
  ),
  ...Object.keys(decisionMachine.actions).map((action) => `/eligibility/determinations/{determinationId}/decisions/{decisionId}/${action}`),
  ...Object.keys(documentLifecycle.actions).map((action) => `/document-management/documents/{documentId}/${action}`),
];
const isTaskAction = (route: RestRoute) => route.method === "POST" && machineActions.includes(route.path);
/**
 * A service call's metadata namespace belongs to one domain's service account (its id is the
 * namespace's name): a caller the operation admits, here with an id of its own, is refused the
 * namespace (403); data-exchange/service-calls.rest.test.ts writes one as its owner.
 */
const isNamespaceWrite = (route: RestRoute) => route.path.endsWith("/metadata/{domain}");
const successOf = (route: RestRoute) => (isTaskAction(route) ? 404 : isNamespaceWrite(route) ? 403 : route.docs.successStatus);

/** A valid request for a route: path parameters naming records that exist, and a valid body. */
async function requestFor(route: RestRoute): Promise<{ path: string; body?: unknown }> {
  const admin = (method: string, path: string, body?: unknown) => api.raw(method, path, body);
  let eligibility: Awaited<ReturnType<typeof determinationFixture>> | undefined;
  const application = async () => (await admin("POST", "/intake/applications", { programs: ["snap"] })).body.id as string;
  const person = async () =>
    (await admin("POST", "/persons", { name: { firstName: "Matrix", lastName: randomUUID().slice(0, 8) } })).body.id as string;
  const params: Record<string, () => Promise<string>> = {
    personId: person,
    caseId: async () => (await admin("POST", "/case-management/cases", { primaryApplicantId: await person() })).body.id,
    appointmentId: async () =>
      (await admin("POST", "/scheduling/appointments", { ...slot(), appointmentType: "Interview", personId: await person() })).body.id,
    eventId: async () => (await admin("GET", "/platform/events?limit=1")).body.items[0].id,
    policyId: async () => "snap-expedited-processing",
    userId: async () => (await admin("POST", "/identity-access/users", newUser())).body.id,
    sub: async () => (await admin("POST", "/identity-access/users", newUser())).body.idpSubject,
    queueId: async () => (await admin("POST", "/workflow/queues", { name: `matrix-${randomUUID()}` })).body.id,
    taskId: async () => (isTaskAction(route) ? MISSING_ID : (await admin("POST", "/workflow/tasks", { name: "Matrix task" })).body.id),
    metricId: async () => "release_rate",
    serviceId: async () => "6b2b03b0-dc9b-4122-a9de-138960bb610f",
    serviceCallId: async () =>
      (await admin("POST", "/data-exchange/service-calls", { serviceType: "incarceration_check", requestingResourceId: randomUUID() })).body
        .id,
    domain: async () => "intake",
    documentTypeId: async () => (await admin("POST", "/document-management/document-types", newDocumentType())).body.id,
    documentId: async () =>
      isTaskAction(route) ? MISSING_ID : (await admin("POST", "/document-management/documents", newDocumentForm())).body.id,
    documentLinkId: async () => (await admin("POST", "/document-management/document-links", await newLink())).body.id,
    documentVersionId: async () => (await admin("POST", "/document-management/documents", newDocumentForm())).body.latestVersionId,
    // A determination to read, with its decision; an action's determination is missing (the machine decides the rest).
    determinationId: async () =>
      isTaskAction(route) ? MISSING_ID : (eligibility = await determinationFixture(platform().database.prisma)).determinationId,
    decisionId: async () => (isTaskAction(route) ? MISSING_ID : eligibility!.decisionId),
    // An application action's own application is missing (the machine decides the rest); a record's parent exists.
    applicationId: async () => (isTaskAction(route) && !route.path.includes("/verifications/") ? MISSING_ID : application()),
    memberId: async () => {
      // The member of the application this route's path names, created by the admin.
      const applicationId = path.match(/\/intake\/applications\/([0-9a-f-]{36})/)![1]!;
      return (await admin("POST", `/intake/applications/${applicationId}/members`, { roles: ["household_member"] })).body.id;
    },
    verificationId: async () => {
      if (isTaskAction(route)) return MISSING_ID;
      const applicationId = path.match(/\/intake\/applications\/([0-9a-f-]{36})/)![1]!;
      return (await admin("POST", `/intake/applications/${applicationId}/verifications`, { category: "residency" })).body.id;
    },
    ...Object.fromEntries(
      [...kindByIdParam].map(([param, kind]) => [
        param,
        async () => recordOn(admin, path.match(/\/intake\/applications\/([0-9a-f-]{36})/)![1]!, kind),
      ]),
    ),
  };
  let path = route.path;
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    const make = params[name!];
    if (!make) throw new Error(`${route.operationId}: no fixture for {${name}}`);
    path = path.replace(`{${name}}`, await make());
  }
  // A household record's route: its body names a member and a contact of the application; a singleton's GET reads one already written.
  const segment = route.path.match(/^\/intake\/applications\/\{applicationId\}\/([a-z-]+)/)?.[1];
  const kind = segment ? kindBySegment.get(segment) : undefined;
  const applicationInPath = path.match(/\/intake\/applications\/([0-9a-f-]{36})/)?.[1];
  let refs: RecordRefs | undefined;
  if (kind && applicationInPath) {
    refs = await recordRefsOn(admin, applicationInPath);
    if (kind.singleton && route.method === "GET") await recordOn(admin, applicationInPath, kind, refs);
  }
  const bodies: Record<string, () => Promise<unknown>> = {
    createPerson: async () => ({ name: { firstName: "New" } }),
    updatePerson: async () => ({ nickname: "N" }),
    createCase: async () => ({ primaryApplicantId: await person() }),
    updateCase: async () => ({ status: "closed" }),
    createAppointment: async () => ({ ...slot(), appointmentType: "Interview", personId: await person() }),
    updateAppointment: async () => ({ notes: "moved" }),
    createUser: async () => newUser(),
    updateUser: async () => ({ name: "Renamed" }),
    updateMe: async () => ({ preferences: { theme: "dark" } }),
    createQueue: async () => ({ name: `matrix-${randomUUID()}` }),
    updateQueue: async () => ({ description: "Renamed" }),
    createTask: async () => ({ name: "Matrix task", programType: "snap", slaInfo: [{ slaTypeCode: "snap_standard" }] }),
    updateTask: async () => ({ description: "Described" }),
    createApplication: async () => ({ programs: ["snap"] }),
    updateApplication: async () => ({ channel: "mail" }),
    createApplicationMember: async () => ({ roles: ["household_member"] }),
    updateApplicationMember: async () => ({ isMigrantFarmWorker: true }),
    ...Object.fromEntries(
      restRoutes(domains, { platformBasePath: "/platform" })
        .filter(isTaskAction)
        .map((action) => [action.operationId, async () => ({})]),
    ),
    ...(kind && refs && { [route.operationId]: async () => recordSamples[kind.event]!(refs!) }),
    createVerification: async () => ({ category: "residency" }),
    submitServiceCall: async () => ({ serviceType: "incarceration_check", requestingResourceId: randomUUID() }),
    replaceServiceCallMetadata: async () => ({ note: "matrix" }),
    createDocumentType: async () => newDocumentType(),
    updateDocumentType: async () => ({ retentionYears: 7 }),
    uploadDocument: async () => newDocumentForm(),
    createDocumentLink: async () => newLink(),
    uploadDocumentVersion: async () => fileForm(),
    updateDocument: async () => ({ title: "Renamed" }),
    replaceDocumentMetadata: async () => ({ note: "matrix" }),
    updateVerification: async () => ({ verificationType: "document" }),
    publishEvent: async () => ({
      id: randomUUID(),
      specversion: "1.0",
      type: "persons.person.updated",
      source: "/persons",
      subject: randomUUID(),
      time: new Date().toISOString(),
      datacontenttype: "application/json",
    }),
  };
  const writesBody = route.method === "POST" || route.method === "PATCH" || route.method === "PUT";
  const body = writesBody ? await bodies[route.operationId]?.() : undefined;
  if (writesBody && body === undefined) throw new Error(`${route.operationId}: no valid body in this test; add one`);
  return { path, body };
}

/** An upload's multipart body: a small file, and the parts a new document needs. */
const fileForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["matrix bytes"], { type: "text/plain" }), "matrix.txt");
  return form;
};
const newDocumentForm = () => {
  const form = fileForm();
  form.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
  form.append("title", "Matrix document");
  return form;
};
/** A link of a new document to a record of its own. */
const newLink = async () => ({
  documentId: (await api.raw("POST", "/document-management/documents", newDocumentForm())).body.id,
  subjectType: "case",
  subjectId: randomUUID(),
});

const callers: Caller[] = ["anonymous", "api_key", ...roles];
const routes = restRoutes(domains, { platformBasePath: "/platform" });
const matrix = routes.flatMap((route) => callers.map((caller) => [`${route.method} ${route.path} as ${caller}`, route, caller] as const));

describe("REST operations × roles", () => {
  beforeAll(async () => {
    // So that listing and reading events has something to show.
    await api.post("/persons", { name: { firstName: "Seed" } });
    for (const role of roles) await api.post("/identity-access/users", { ...newUser(), idpSubject: subjectOf(role), role });
  });

  it.each(matrix)("%s", async (_name, route, caller) => {
    const { path, body } = await requestFor(route);
    const headers =
      caller === "anonymous"
        ? { authorization: "" }
        : caller === "api_key"
          ? API_KEY
          : await bearer([caller], { sub: subjectOf(caller), userId: randomUUID() });
    const response = await api.raw(route.method, path, body, headers);
    // Path parameters name fixtures the admin created: never the caller's own records.
    const expected = expectedStatus(requirementOf(route), caller, successOf(route), { namesOthersRecord: route.path.includes("{") });
    expect({ status: response.status, code: response.body?.code }).toEqual({
      status: expected,
      code: expected === 401 ? "UNAUTHORIZED" : expected === 403 ? "FORBIDDEN" : response.body?.code,
    });
  });

  it("covers every route of the REST surface", () => {
    expect(new Set(matrix.map(([, route]) => route.operationId)).size).toBe(routes.length);
  });
});

// A caller the operation refuses learns that before anything about its request: whatever the body
// (not JSON, the wrong shape, invalid values) or the parameters, it gets the 401/403 it would get
// with a valid request, never a 400/422 that would tell it how the request is checked.
const writes = routes.filter((route) => route.method === "POST" || route.method === "PATCH" || route.method === "PUT");
const refusedCallers = (route: RestRoute) => callers.filter((caller) => expectedStatus(requirementOf(route), caller, 200) !== 200);
const malformed = writes.flatMap((route) =>
  refusedCallers(route).flatMap((caller) =>
    ["{not json", "[1]", JSON.stringify({ unexpected: "field" })].map(
      (body) => [`${route.method} ${route.path} as ${caller} with ${body}`, route, caller, body] as const,
    ),
  ),
);

describe("refused before validated", () => {
  it.each(malformed)("%s", async (_name, route, caller, body) => {
    const headers =
      caller === "anonymous"
        ? { authorization: "" }
        : caller === "api_key"
          ? API_KEY
          : await bearer([caller], { sub: subjectOf(caller), userId: randomUUID() });
    const path = route.path.replace(/\{\w+\}/g, "not-a-valid-id");
    const response = await api.raw(route.method, path, body, headers);
    expect(response.status).toBe(expectedStatus(requirementOf(route), caller, 200));
  });

  it("checks every write route for at least one refused caller", () => {
    expect(new Set(malformed.map(([, route]) => route.operationId)).size).toBe(writes.length);
  });
});
