// A valid request for every REST route, made from the route table: path parameters naming records
// that exist (created by the suite's administrator) and a valid body. The authorization matrix sends
// it as every caller; the precondition tests change every resource kind with it.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@pap/db";
import { decisionMachine, determinationMachine } from "@pap/eligibility/contract";
import { documentLifecycle } from "@pap/document-management/contract";
import { noticeMachine } from "@pap/communication/contract";
import { domains } from "@pap/gateway";
import { applicationMachine, verificationMachine } from "@pap/intake/contract";
import { restRoutes, type RestRoute } from "@pap/rest-compat";
import { appointmentMachine } from "@pap/scheduling/contract";
import { taskMachine } from "@pap/workflow/contract";
import { noticeRequest, storedNotice } from "./communication-fixtures";
import { determinationFixture } from "./eligibility-fixtures";
import { MISSING_ID } from "./expectations";
import { kindByIdParam, kindBySegment, recordOn, recordRefsOn, recordSamples, type RecordRefs } from "./intake-fixtures";
import { rawEvent } from "./live";
import { newDocumentType, newUser, slot } from "./matrix-fixtures";

type RawClient = {
  raw(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body?: any }>;
};

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
  ...Object.keys(noticeMachine.actions).map((action) => `/communication/notices/{noticeId}/${action}`),
  ...Object.keys(appointmentMachine.actions).map((action) => `/scheduling/appointments/{appointmentId}/${action}`),
];
export const isTaskAction = (route: RestRoute) => route.method === "POST" && machineActions.includes(route.path);
/** A valid request for a route: path parameters naming records that exist, and a valid body. */
export async function requestFor(
  api: RawClient,
  database: () => PrismaClient,
  route: RestRoute,
): Promise<{ path: string; body?: unknown }> {
  const admin = (method: string, path: string, body?: unknown) => api.raw(method, path, body);
  let eligibility: Awaited<ReturnType<typeof determinationFixture>> | undefined;
  const application = async () => (await admin("POST", "/intake/applications", { programs: ["snap"] })).body.id as string;
  const person = async () =>
    (await admin("POST", "/persons", { name: { firstName: "Matrix", lastName: randomUUID().slice(0, 8) } })).body.id as string;
  const params: Record<string, () => Promise<string>> = {
    personId: person,
    caseId: async () => (await admin("POST", "/case-management/cases", { primaryApplicantId: await person() })).body.id,
    appointmentId: async () =>
      isTaskAction(route)
        ? MISSING_ID
        : (await admin("POST", "/scheduling/appointments", { ...slot(), appointmentType: "Interview", personId: await person() })).body.id,
    eventId: async () => (await admin("GET", "/platform/events?limit=1")).body.items[0].id,
    policyId: async () => "snap-expedited-processing",
    // A person created with an SSN is shown to its creator: the trail has an entry for it.
    auditEntryId: async () => {
      await admin("POST", "/persons", { ssn: "219-09-0000" });
      return (await admin("GET", "/platform/audit?limit=1")).body.items[0].id;
    },
    userId: async () => (await admin("POST", "/identity-access/users", newUser())).body.id,
    sub: async () => (await admin("POST", "/identity-access/users", newUser())).body.idpSubject,
    queueId: async () => (await admin("POST", "/workflow/queues", { name: `matrix-${randomUUID()}` })).body.id,
    taskId: async () => (isTaskAction(route) ? MISSING_ID : (await admin("POST", "/workflow/tasks", { name: "Matrix task" })).body.id),
    metricId: async () => "release_rate",
    noticeId: async () => (isTaskAction(route) ? MISSING_ID : (await storedNotice(database())).noticeId),
    serviceId: async () => "6b2b03b0-dc9b-4122-a9de-138960bb610f",
    serviceCallId: async () =>
      (await admin("POST", "/data-exchange/service-calls", { serviceType: "swica", requestingResourceId: randomUUID() })).body.id,
    domain: async () => "intake",
    documentTypeId: async () => (await admin("POST", "/document-management/document-types", newDocumentType())).body.id,
    documentId: async () =>
      isTaskAction(route) ? MISSING_ID : (await admin("POST", "/document-management/documents", newDocumentForm())).body.id,
    documentLinkId: async () => (await admin("POST", "/document-management/document-links", await newLink(api))).body.id,
    documentVersionId: async () => (await admin("POST", "/document-management/documents", newDocumentForm())).body.latestVersionId,
    // A determination to read, with its decision; an action's determination is missing (the machine decides the rest).
    determinationId: async () =>
      isTaskAction(route) ? MISSING_ID : (eligibility = await determinationFixture(database())).determinationId,
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
    createDocumentLink: async () => newLink(api),
    uploadDocumentVersion: async () => fileForm(),
    updateDocument: async () => ({ title: "Renamed" }),
    replaceDocumentMetadata: async () => ({ note: "matrix" }),
    updateVerification: async () => ({ verificationType: "document" }),
    publishEvent: async () => rawEvent(),
    createNotice: async () => noticeRequest(admin),
    confirmPrinted: async () => ({ copies: [(await storedNotice(database())).copyId] }),
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
const newLink = async (api: RawClient) => ({
  documentId: (await api.raw("POST", "/document-management/documents", newDocumentForm())).body.id,
  subjectType: "case",
  subjectId: randomUUID(),
});
