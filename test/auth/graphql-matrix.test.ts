// Every GraphQL root field of every subgraph × every role (and no credential, and the identity
// provider's API key), sent through the gateway's /graphql with arguments that would succeed: the
// caller the field's declared requirement refuses gets UNAUTHENTICATED (no credential) or FORBIDDEN (no
// grant) and no data; the caller it admits gets its answer without any error. Subscriptions are
// opened over graphql-ws the same way. The REST twin is rest-matrix.test.ts; this one also reaches
// fields REST does not expose, and a field added later fails "covers every root field" until it is
// given arguments here.
import { randomUUID } from "node:crypto";
import { signStagedContent } from "@pap/content";
import { subgraphs } from "@pap/gateway";
import { actionMutationName } from "@pap/kernel/state-machine";
import { roles } from "@pap/kernel/auth";
import { taskMachine } from "@pap/workflow/contract";
import { applicationMachine, verificationMachine } from "@pap/intake/contract";
import { decisionMachine, determinationMachine } from "@pap/eligibility/contract";
import { documentLifecycle } from "@pap/document-management/contract";
import { noticeMachine } from "@pap/communication/contract";
import { appointmentMachine } from "@pap/scheduling/contract";
import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { createClient, type Client } from "graphql-ws/client";
import WebSocket from "ws";
import { bearer } from "../support/auth";
import { determinationFixture } from "../support/eligibility-fixtures";
import { recordKinds, recordOn, recordRefsOn, recordSamples, type RecordRefs } from "../support/intake-fixtures";
import { collect, rawEvent, type Collected } from "../support/live";
import { expectedStatus, rootFieldRequirement, type Caller } from "../support/requirements";
import { useTestPlatform } from "../support/platform";
import { waitFor } from "../support/waiting";
import { created } from "../support/creators";
import { noticeRequest, storedNotice } from "../support/communication-fixtures";
import { API_KEY, matrixToken, newDocumentType, newUser, slot, subjectOf } from "../support/matrix-fixtures";

const { api, url, platform } = useTestPlatform("auth_graphql_matrix");

type Operation = "query" | "mutation" | "subscription";
const FEDERATION_FIELDS = new Set(["_service", "_entities"]);

const rootType = (schema: GraphQLSchema, operation: Operation): GraphQLObjectType | null | undefined =>
  operation === "query" ? schema.getQueryType() : operation === "mutation" ? schema.getMutationType() : schema.getSubscriptionType();

/** Root fields as the subgraphs define them: their arguments' types are what the variables are declared with. */
const rootFields = (operation: Operation) =>
  subgraphs.flatMap((subgraph) =>
    Object.values(rootType(subgraph.schema, operation)?.getFields() ?? {}).filter((field) => !FEDERATION_FIELDS.has(field.name)),
  );

// ---------------------------------------------------------------------------------------------------
// Fixtures, made through REST as a state administrator

/** A fixture the matrix depends on: a failure to make it must not pass for an authorization outcome. */
/** Made once, on first use: records that reads and updates leave in place are shared by every case. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

const freshPerson = async () =>
  (await created(api, "/persons", { name: { firstName: "Matrix", lastName: randomUUID().slice(0, 8) } })).id as string;
const freshCase = async () => (await created(api, "/case-management/cases", { primaryApplicantId: await freshPerson() })).id as string;
const freshAppointment = async () =>
  (await created(api, "/scheduling/appointments", { ...slot(), appointmentType: "Interview", personId: await freshPerson() })).id as string;
const freshUser = async () => (await created(api, "/identity-access/users", newUser())) as { id: string; idpSubject: string };
const person = once(freshPerson);
const caseId = once(freshCase);
const appointment = once(freshAppointment);
const user = once(freshUser);
// Any entry of the trail, written as the platform writes one when a person's SSN is read.
const auditEntryId = once(async () => {
  const entry = await platform().database.prisma.auditEntry.create({
    data: {
      actorKind: "user",
      actorRoles: ["state_admin"],
      recordType: "Person",
      recordIds: [await person()],
      fields: ["attributes.ssn"],
      readings: {},
      channel: "graph",
    },
  });
  return entry.id;
});
const freshQueue = async () => (await created(api, "/workflow/queues", { name: `matrix-${randomUUID()}` })).id as string;
const freshTask = async () => (await created(api, "/workflow/tasks", { name: "Matrix task", programType: "snap" })).id as string;
const freshApplication = async () => (await created(api, "/intake/applications", { programs: ["snap"] })).id as string;
const application = once(freshApplication);
const freshMember = async (applicationId: string) =>
  (await created(api, `/intake/applications/${applicationId}/members`, { roles: ["household_member"] })).id as string;
const member = once(async () => freshMember(await application()));
const queue = once(freshQueue);
const task = once(freshTask);
const MISSING_TASK = "00000000-0000-4000-8000-000000000000";

const adminCall = (method: string, path: string, body?: unknown) => api.raw(method, path, body);
const refs = once(async () => recordRefsOn(adminCall, await application()));
const verificationOf = async (applicationId: string) =>
  (await created(api, `/intake/applications/${applicationId}/verifications`, { category: "residency" })).id as string;

/** Each household record kind's root fields, on the shared application (a deleted record made anew). */
function householdRecordFields(): Record<string, () => Promise<Record<string, unknown>>> {
  return Object.fromEntries(
    recordKinds.flatMap((kind) => {
      const name = kind.resource.name;
      const single = kind.resource.single;
      const body = async () => recordSamples[kind.event]!((await refs()) as RecordRefs);
      const record = async () => recordOn(adminCall, await application(), kind, await refs());
      if (kind.singleton) {
        return [
          [single, async () => (await record(), { applicationId: await application() })],
          [`update${name}`, async () => ({ applicationId: await application(), input: await body() })],
        ];
      }
      return [
        [single, async () => ({ applicationId: await application(), id: await record() })],
        [kind.resource.plural, async () => ({ applicationId: await application() })],
        [`create${name}`, async () => ({ applicationId: await application(), input: await body() })],
        [`update${name}`, async () => ({ applicationId: await application(), id: await record(), input: await body() })],
        [`delete${name}`, async () => ({ applicationId: await application(), id: await record() })],
      ];
    }),
  );
}

/**
 * Task actions: whether one succeeds depends on the task's state and then on the machine's own role
 * rules (workflow/actions.rest.test.ts). Here the task does not exist: a caller the field admits gets
 * as far as looking it up (NOT_FOUND); one it refuses never does.
 */
const taskActionFields: Record<string, () => Promise<Record<string, unknown>>> = {
  ...Object.fromEntries(
    Object.keys(taskMachine.actions).map((action) => [actionMutationName(action, "Task"), async () => ({ id: MISSING_TASK })]),
  ),
  performTaskAction: async () => ({ id: MISSING_TASK, action: "claim" }),
  ...Object.fromEntries(
    Object.keys(applicationMachine.actions).map((action) => [
      actionMutationName(action, "Application"),
      async () => ({ id: MISSING_TASK }),
    ]),
  ),
  performApplicationAction: async () => ({ id: MISSING_TASK, action: "submit" }),
  ...Object.fromEntries(
    Object.keys(verificationMachine.actions).map((action) => [
      actionMutationName(action, "Verification"),
      async () => ({ id: MISSING_TASK }),
    ]),
  ),
  performVerificationAction: async () => ({ id: MISSING_TASK, action: "waive" }),
  performApplicationVerificationAction: async () => ({ applicationId: MISSING_TASK, action: "waive" }),
  ...Object.fromEntries(
    Object.keys(determinationMachine.actions).map((action) => [
      actionMutationName(action, "Determination"),
      async () => ({ id: MISSING_TASK }),
    ]),
  ),
  performDeterminationAction: async () => ({ id: MISSING_TASK, action: "complete" }),
  ...Object.fromEntries(
    Object.keys(decisionMachine.actions).map((action) => [actionMutationName(action, "Decision"), async () => ({ id: MISSING_TASK })]),
  ),
  performDecisionAction: async () => ({ id: MISSING_TASK, action: "approve" }),
  performDeterminationDecisionAction: async () => ({ determinationId: MISSING_TASK, action: "approve" }),
  ...Object.fromEntries(
    Object.keys(documentLifecycle.actions).map((action) => [actionMutationName(action, "Document"), async () => ({ id: MISSING_TASK })]),
  ),
  performDocumentAction: async () => ({ id: MISSING_TASK, action: "approve_disposition" }),
  ...Object.fromEntries(
    Object.keys(noticeMachine.actions).map((action) => [actionMutationName(action, "Notice"), async () => ({ id: MISSING_TASK })]),
  ),
  performNoticeAction: async () => ({ id: MISSING_TASK, action: "resend" }),
  ...Object.fromEntries(
    Object.keys(appointmentMachine.actions).map((action) => [
      actionMutationName(action, "Appointment"),
      async () => ({ id: MISSING_TASK }),
    ]),
  ),
  performAppointmentAction: async () => ({ id: MISSING_TASK, action: "hold" }),
};
const eligibility = once(async () => determinationFixture(platform().database.prisma));
const notice = once(async () => storedNotice(platform().database.prisma));
/** A metadata namespace belongs to its domain's service account (its id is the namespace's name): an admitted caller with an id of its own is refused it. */
const namespaceWrites = new Set(["setServiceCallMetadata", "removeServiceCallMetadata", "setDocumentMetadata", "removeDocumentMetadata"]);
const admittedAnswer = (field: string) => (field in taskActionFields ? "NOT_FOUND" : namespaceWrites.has(field) ? "FORBIDDEN" : undefined);
/** A user document type of its own for each case: updates and deletes consume it. */
const documentType = async () => (await created(api, "/document-management/document-types", newDocumentType())).id as string;
const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";
/** What the upload path answers for a file: a signed token naming staged bytes (the graph files it without reading them). */
const stagedToken = () =>
  signStagedContent(process.env.CONTENT_SIGNING_SECRET!, {
    contentId: randomUUID(),
    fileName: "matrix.txt",
    mimeType: "text/plain",
    sizeBytes: 12,
    contentHash: "0".repeat(64),
    scan: "not-scanned",
  });
/** A document the administrator filed, through the graph. */
const filedDocument = async (): Promise<{ id: string; latestVersionId: string }> => {
  const response = await api.graphql(
    `mutation ($input: DocumentCreateInput!, $content: String!) { fileDocument(input: $input, content: $content) { id latestVersionId } }`,
    {
      input: { documentTypeId: PAY_STUB, title: "Matrix document" },
      content: await stagedToken(),
    },
  );
  if (!response.data?.fileDocument) throw new Error(`filing a document: ${JSON.stringify(response.errors)}`);
  return response.data.fileDocument;
};
// SNAP's wage match: a call to a program's service, which a partner's agreement can cover.
const serviceCall = async () =>
  (await created(api, "/data-exchange/service-calls", { serviceType: "swica", requestingResourceId: randomUUID() })).id as string;
const eventId = once(async () => {
  const response = await api.get("/platform/events?limit=1");
  const id = response.body?.items?.[0]?.id;
  if (!id) throw new Error(`no event in the log to read: ${response.status} ${JSON.stringify(response.body)}`);
  return id as string;
});

/**
 * Variables that make each query and mutation succeed for a caller it admits. Records a mutation
 * consumes (deleted, deactivated) are made anew for every case, so each caller meets a live one.
 */
const argumentsFor: Record<string, () => Promise<Record<string, unknown>>> = {
  person: async () => ({ id: await person() }),
  persons: async () => ({}),
  createPerson: async () => ({ attributes: { name: { firstName: "New" } } }),
  updatePerson: async () => ({ id: await person(), patch: { nickname: "N" } }),
  deletePerson: async () => ({ id: await freshPerson() }),
  case: async () => ({ id: await caseId() }),
  cases: async () => ({}),
  createCase: async () => ({ input: { primaryApplicantId: await person() } }),
  updateCase: async () => ({ id: await caseId(), input: { status: "closed" } }),
  deleteCase: async () => ({ id: await freshCase() }),
  appointment: async () => ({ id: await appointment() }),
  appointments: async () => ({}),
  createAppointment: async () => ({ input: { ...slot(), appointmentType: "Interview", personId: await person() } }),
  updateAppointment: async () => ({ id: await appointment(), input: { notes: "moved" } }),
  deleteAppointment: async () => ({ id: await freshAppointment() }),
  users: async () => ({}),
  user: async () => ({ id: (await user()).id }),
  me: async () => ({}),
  createUser: async () => ({ input: newUser() }),
  updateUser: async () => ({ id: (await user()).id, input: { name: "Renamed" } }),
  updateMe: async () => ({ input: { preferences: { theme: "dark" } } }),
  deactivateUser: async () => ({ id: (await freshUser()).id }),
  tokenClaims: async () => ({ sub: (await user()).idpSubject }),
  event: async () => ({ id: await eventId() }),
  eventLogPosition: async () => ({}),
  events: async () => ({}),
  publishEvent: async () => ({
    event: rawEvent(),
  }),
  policies: async () => ({}),
  auditEntries: async () => ({}),
  auditEntry: async () => ({ id: await auditEntryId() }),
  search: async () => ({ q: "a" }),
  policy: async () => ({ id: "snap-expedited-processing" }),
  queue: async () => ({ id: await queue() }),
  queues: async () => ({}),
  createQueue: async () => ({ input: { name: `matrix-${randomUUID()}` } }),
  updateQueue: async () => ({ id: await queue(), input: { description: "Described" } }),
  deleteQueue: async () => ({ id: await freshQueue() }),
  task: async () => ({ id: await task() }),
  tasks: async () => ({}),
  createTask: async () => ({ input: { name: "Matrix task", slaInfo: [{ slaTypeCode: "snap_standard" }] } }),
  updateTask: async () => ({ id: await task(), input: { description: "Described" } }),
  deleteTask: async () => ({ id: await freshTask() }),
  metrics: async () => ({}),
  metric: async () => ({ id: "release_rate" }),
  application: async () => ({ id: await application() }),
  applications: async () => ({}),
  createApplication: async () => ({ input: { programs: ["snap"] } }),
  updateApplication: async () => ({ id: await application(), input: { channel: "mail" } }),
  deleteApplication: async () => ({ id: await freshApplication() }),
  applicationMember: async () => ({ applicationId: await application(), id: await member() }),
  applicationMembers: async () => ({ applicationId: await application() }),
  createApplicationMember: async () => ({ applicationId: await application(), input: { roles: ["household_member"] } }),
  updateApplicationMember: async () => ({ applicationId: await application(), id: await member(), input: { isMigrantFarmWorker: true } }),
  deleteApplicationMember: async () => {
    const applicationId = await application();
    return { applicationId, id: await freshMember(applicationId) };
  },
  ...taskActionFields,
  ...householdRecordFields(),
  verification: async () => ({ applicationId: await application(), id: await verificationOf(await application()) }),
  verifications: async () => ({ applicationId: await application() }),
  createVerification: async () => ({ applicationId: await application(), input: { category: "residency" } }),
  updateVerification: async () => ({
    applicationId: await application(),
    id: await verificationOf(await application()),
    input: { verificationType: "document" },
  }),
  deleteVerification: async () => ({ applicationId: await application(), id: await verificationOf(await application()) }),
  determination: async () => ({ id: (await eligibility()).determinationId }),
  determinations: async () => ({}),
  decision: async () => ({ determinationId: (await eligibility()).determinationId, id: (await eligibility()).decisionId }),
  decisions: async () => ({ determinationId: (await eligibility()).determinationId }),
  documentType: async () => ({ id: await documentType() }),
  documentTypes: async () => ({}),
  createDocumentType: async () => ({ input: newDocumentType() }),
  updateDocumentType: async () => ({ id: await documentType(), input: { retentionYears: 7 } }),
  deleteDocumentType: async () => ({ id: await documentType() }),
  document: async () => ({ id: (await filedDocument()).id }),
  documents: async () => ({}),
  documentVersion: async () => ({ id: (await filedDocument()).latestVersionId }),
  fileDocument: async () => ({ input: { documentTypeId: PAY_STUB, title: "Matrix document" }, content: await stagedToken() }),
  addDocumentVersion: async () => ({ documentId: (await filedDocument()).id, content: await stagedToken() }),
  updateDocument: async () => ({ id: (await filedDocument()).id, input: { title: "Renamed" } }),
  setDocumentMetadata: async () => ({ id: (await filedDocument()).id, domain: "intake", value: { note: "matrix" } }),
  removeDocumentMetadata: async () => ({ id: (await filedDocument()).id, domain: "intake" }),
  openDocumentVersionContent: async () => ({ id: (await filedDocument()).latestVersionId }),
  documentLink: async () => ({
    id: (
      await created(api, "/document-management/document-links", {
        documentId: (await filedDocument()).id,
        subjectType: "case",
        subjectId: randomUUID(),
      })
    ).id,
  }),
  documentLinks: async () => ({}),
  createDocumentLink: async () => ({ input: { documentId: (await filedDocument()).id, subjectType: "case", subjectId: randomUUID() } }),
  externalService: async () => ({ id: "6b2b03b0-dc9b-4122-a9de-138960bb610f" }),
  externalServices: async () => ({}),
  serviceCall: async () => ({ id: await serviceCall() }),
  serviceCalls: async () => ({}),
  submitServiceCall: async () => ({ input: { serviceType: "incarceration_check", requestingResourceId: randomUUID() } }),
  setServiceCallMetadata: async () => ({ id: await serviceCall(), domain: "intake", value: { note: "matrix" } }),
  removeServiceCallMetadata: async () => ({ id: await serviceCall(), domain: "intake" }),
  notice: async () => ({ id: (await notice()).noticeId }),
  notices: async () => ({}),
  createNotice: async () => ({ input: await noticeRequest(adminCall) }),
  printBatch: async () => ({}),
  confirmPrinted: async () => ({ copies: [(await notice()).copyId] }),
};

/**
 * Subscriptions are opened without arguments (every change), so that one trigger per field proves an
 * admitted subscription is live: it must deliver that change, not merely stay quiet.
 */
const triggers: Record<string, () => Promise<unknown>> = {
  events: freshPerson,
  personChanged: freshPerson,
  caseChanged: freshCase,
  appointmentChanged: freshAppointment,
  userChanged: freshUser,
  taskChanged: freshTask,
  applicationChanged: freshApplication,
  applicationsChanged: freshApplication,
  // The system flags a fresh determination expedited: an eligibility event about it.
  serviceCallChanged: serviceCall,
  documentChanged: filedDocument,
  noticeChanged: async () => created(api, "/communication/notices", await noticeRequest(adminCall)),
  determinationChanged: async () => {
    const { determinationId } = await determinationFixture(platform().database.prisma);
    const response = await api.raw(
      "POST",
      `/eligibility/determinations/${determinationId}/flag-expedited`,
      undefined,
      await bearer(["system"], { sub: "matrix|system" }),
    );
    if (response.status !== 200) throw new Error(`trigger answered ${response.status}: ${JSON.stringify(response.body)}`);
  },
};

// ---------------------------------------------------------------------------------------------------
// Operations

/** The smallest selection that makes the subgraph resolve something of the result. */
function selectionOf(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (!isObjectType(type)) return "";
  const fields = type.getFields();
  return fields.total ? " { total }" : fields.id ? " { id }" : " { __typename }";
}

/** One operation calling `field` with `variables`, declared with the types the subgraph gives its arguments. */
function documentFor(operation: Operation, field: GraphQLField<unknown, unknown>, variables: Record<string, unknown>): string {
  const unknown = Object.keys(variables).filter((name) => !field.args.some((arg) => arg.name === name));
  if (unknown.length) throw new Error(`${field.name} has no argument ${unknown.join(", ")}`);
  const given = field.args.filter((arg) => arg.name in variables);
  const declarations = given.length ? `(${given.map((arg) => `$${arg.name}: ${arg.type}`).join(", ")})` : "";
  const args = given.length ? `(${given.map((arg) => `${arg.name}: $${arg.name}`).join(", ")})` : "";
  return `${operation}${declarations} { ${field.name}${args}${selectionOf(field)} }`;
}

const headersOf = async (caller: Caller): Promise<Record<string, string>> =>
  caller === "anonymous" ? { authorization: "" } : caller === "api_key" ? API_KEY : matrixToken(caller);

type GraphError = { message: string; extensions?: { code?: unknown } };
const expectedCode = (status: number) => (status === 401 ? "UNAUTHENTICATED" : status === 403 ? "FORBIDDEN" : undefined);

const callers: Caller[] = ["anonymous", "api_key", ...roles];
const name = (operation: Operation, field: string) => `${operation} ${field}`;
const covered = (operation: Operation) =>
  rootFields(operation).filter((field) => (operation === "subscription" ? triggers : argumentsFor)[field.name]);

const matrix = (["query", "mutation"] as const).flatMap((operation) =>
  covered(operation).flatMap((field) =>
    callers.map((caller) => [`${name(operation, field.name)} as ${caller}`, operation, field, caller] as const),
  ),
);

beforeAll(async () => {
  // Creating the accounts also leaves events in the log for `event` to read.
  for (const role of roles) await created(api, "/identity-access/users", { ...newUser(), idpSubject: subjectOf(role), role });
});

describe("GraphQL queries and mutations × callers", () => {
  it.each(matrix)("%s", async (_name, operation, field, caller) => {
    const variables = await argumentsFor[field.name]!();
    const response = await api.raw(
      "POST",
      "/graphql",
      { query: documentFor(operation, field, variables), variables },
      await headersOf(caller),
    );
    const errors: GraphError[] = response.body?.errors ?? [];
    const answered = response.body?.data?.[field.name] !== undefined && response.body?.data?.[field.name] !== null;
    // An `id` (or the application a record belongs to) names a fixture the administrator made: never the caller's own record.
    const namesOthersRecord = "id" in variables || "applicationId" in variables || "documentId" in variables;
    const code = expectedCode(expectedStatus(rootFieldRequirement(operation, field.name), caller, 200, { namesOthersRecord }));
    if (code) expect({ code: errors[0]?.extensions?.code, answered }).toEqual({ code, answered: false });
    else if (admittedAnswer(field.name))
      expect({ code: errors[0]?.extensions?.code, answered }).toEqual({ code: admittedAnswer(field.name), answered: false });
    // Admitted with valid arguments, nothing may go wrong at all: any error here is a failure of the test's fixtures or of the field.
    else expect({ errors, answered }).toEqual({ errors: [], answered: true });
  });
});

// ---------------------------------------------------------------------------------------------------
// Subscriptions

/** How long a refused subscription has to say so, and an admitted one to deliver its trigger's change. */
const DELIVERY_MS = 60_000;

const subscriptionMatrix = covered("subscription").flatMap((field) =>
  callers.map((caller) => [`${name("subscription", field.name)} as ${caller}`, field, caller] as const),
);

type Opened = { client: Client; subscription: Collected; admitted: boolean; field: string };

/** graphql-ws cannot send headers from a browser, so the caller's credential travels in the init payload, as clients send it. */
async function openAs(caller: Caller, query: string): Promise<{ client: Client; subscription: Collected }> {
  const credential = Object.fromEntries(Object.entries(await headersOf(caller)).filter(([, value]) => value !== ""));
  const client = createClient({
    url: `${url().replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 0,
    connectionParams: credential,
  });
  return { client, subscription: collect(client, query) };
}

/** Errors in payloads, a refusal sent as the protocol's error message, or the reason a closed socket gave. */
const errorsOf = (subscription: Collected): GraphError[] => {
  const { error } = subscription;
  const refusal = Array.isArray(error)
    ? (error as GraphError[])
    : error === undefined
      ? []
      : [{ message: String((error as { reason?: string }).reason ?? error) }];
  return [...refusal, ...subscription.results.flatMap((result) => (result.errors ?? []) as GraphError[])];
};

describe("GraphQL subscriptions × callers", () => {
  // Opened all at once, so that the whole matrix costs one wait rather than one per case.
  const opened = new Map<string, Opened>();

  beforeAll(async () => {
    await Promise.all(
      subscriptionMatrix.map(async ([label, field, caller]) => {
        const admitted = expectedStatus(rootFieldRequirement("subscription", field.name), caller, 200) === 200;
        opened.set(label, { ...(await openAs(caller, documentFor("subscription", field, {}))), admitted, field: field.name });
      }),
    );
    const settled = (each: Opened) =>
      each.subscription.error !== undefined || each.subscription.completed || each.subscription.results.length > 0;
    // No acknowledgement says a subscription is registered, so triggers repeat until every admitted one has delivered.
    // A refused subscription settles too, with its error: every case is waited for, none for a set time.
    const everySettled = async () => {
      const waiting = [...opened.values()].filter((each) => !settled(each));
      if (waiting.length === 0) return true;
      await Promise.all([...new Set(waiting.filter((each) => each.admitted).map((each) => each.field))].map((field) => triggers[field]!()));
      return false;
    };
    // Past the budget, each case still unsettled fails on its own below, naming itself.
    await waitFor(everySettled, "every subscription to deliver or be refused", DELIVERY_MS, 50).catch(() => undefined);
  });

  afterAll(async () => {
    await Promise.all([...opened.values()].map((each) => each.client.dispose()));
  });

  it.each(subscriptionMatrix)("%s", (label, field, caller) => {
    const { subscription } = opened.get(label)!;
    const errors = errorsOf(subscription);
    const code = expectedCode(expectedStatus(rootFieldRequirement("subscription", field.name), caller, 200));
    const delivered = subscription.results.some((result) => result.data?.[field.name] != null);
    if (code) expect({ code: errors[0]?.extensions?.code, delivered }).toEqual({ code, delivered: false });
    else expect({ errors, delivered }).toEqual({ errors: [], delivered: true });
  });
});

// ---------------------------------------------------------------------------------------------------

describe("the matrix", () => {
  it("covers every root field", () => {
    const all = (["query", "mutation", "subscription"] as const).flatMap((operation) =>
      rootFields(operation).map((field) => name(operation, field.name)),
    );
    const exercised = new Set([
      ...matrix.map(([, operation, field]) => name(operation, field.name)),
      ...subscriptionMatrix.map(([, field]) => name("subscription", field.name)),
    ]);
    const missing = all
      .filter((field) => !exercised.has(field))
      .map((field) => `no arguments for ${field}; add them to ${field.startsWith("subscription") ? "triggers" : "argumentsFor"}`);
    expect(missing).toEqual([]);
    expect([...exercised].sort()).toEqual([...new Set(all)].sort());
    // Every caller is asked about every field.
    expect(matrix.length + subscriptionMatrix.length).toBe(new Set(all).size * callers.length);
  });

  it("keeps no arguments for a field that no longer exists", () => {
    const names = (operation: Operation) => new Set(rootFields(operation).map((field) => field.name));
    const queriesAndMutations = new Set([...names("query"), ...names("mutation")]);
    expect(Object.keys(argumentsFor).filter((field) => !queriesAndMutations.has(field))).toEqual([]);
    expect(Object.keys(triggers).filter((field) => !names("subscription").has(field))).toEqual([]);
  });
});
