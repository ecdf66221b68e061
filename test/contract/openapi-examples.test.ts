/**
 * The examples of /openapi.json are answers of the platform itself. This test drives a running
 * platform through an applicant's application (create, add a member, sign, submit), reads every list
 * and, through it, one record of each, then takes every other operation once on records made for it:
 * each resource's record operations, each household record of an application, and each state
 * machine's actions, every one on a record brought to a state that allows it by the machine's own
 * chain of actions. It records each operation's request and answer; ids and instants are replaced by
 * stable stand-ins (the first id seen is …0001, and so on), so the file only changes when an answer
 * does. It fails when rest-compat/openapi-examples.json differs from what the platform answers now
 * (rerun with UPDATE_GOLDEN=true to write it, and then the golden document), and when an operation of
 * the document has no example and is not one of WITHOUT_EXAMPLE's, each there for its reason.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { examplesPath, type OperationExample } from "@pap/rest-compat";
import { documentLifecycle, retentionDeadlineOf } from "@pap/document-management/contract";
import { decisionMachine, determinationMachine } from "@pap/eligibility/contract";
import { applicationMachine, verificationMachine } from "@pap/intake/contract";
import type { AnyMachine } from "@pap/kernel/state-machine";
import { appointmentMachine } from "@pap/scheduling/contract";
import { taskMachine } from "@pap/workflow/contract";
import { applicantAccount, bearer, workerAccount } from "../support/auth";
import { storedNotice } from "../support/communication-fixtures";
import { determinationFixture } from "../support/eligibility-fixtures";
import { API_KEY } from "../support/matrix-fixtures";
import { appointmentBody, caseBody } from "../support/creators";
import { recordKinds, recordRefsOn, recordSamples } from "../support/intake-fixtures";
import { canonicalJson } from "../support/canonical";
import { useTestPlatform } from "../support/platform";
import { until } from "../support/waiting";

const { api, settle, platform } = useTestPlatform("openapi_examples");
const updating = process.env.UPDATE_GOLDEN === "true";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A W3C trace context (`traceparent`) or its bare trace id, new with every request. */
const TRACE = /^(00-)?[0-9a-f]{32}(-[0-9a-f]{16}-0[01])?$/;

/**
 * Replaces ids (values and keys) by stand-ins numbered in the order first seen; every instant, trace
 * and today's date (a screening's evaluation date, also within a message) by a fixed one; and a date
 * whole years from today (a retention deadline) by the fixed one as many years on, so the file does
 * not change with the day it is checked.
 */
function stableIds() {
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const yearsOn = new Map<string, string>();
  for (let years = 1; years <= 99; years++)
    yearsOn.set(retentionDeadlineOf(now, years).toISOString().slice(0, 10), `${2026 + years}-01-15`);
  const seen = new Map<string, string>();
  const standIn = (id: string) => {
    const key = id.toLowerCase();
    if (!seen.has(key)) seen.set(key, `00000000-0000-4000-8000-${String(seen.size + 1).padStart(12, "0")}`);
    return seen.get(key)!;
  };
  const stable = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (INSTANT.test(value)) return "2026-01-15T12:00:00.000Z";
      if (yearsOn.has(value)) return yearsOn.get(value);
      if (TRACE.test(value))
        return value.replace(/[0-9a-f]{32}/, "4bf92f3577b34da6a3ce929d0e0e4736").replace(/-[0-9a-f]{16}-/, "-00f067aa0ba902b7-");
      // Today's date inside a sentence too (a rule set applied past its period says on which day).
      return value.replace(UUID, standIn).replaceAll(today, "2026-01-15");
    }
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replace(UUID, standIn), stable(item)]));
    return value;
  };
  return stable;
}

/** An upload's multipart body: a small file, and a new document's type and title. */
const fileForm = () => {
  const form = new FormData();
  form.append("file", new Blob(["Pay stub: $1,200.00"], { type: "text/plain" }), "pay-stub.txt");
  return form;
};
const documentForm = () => {
  const form = fileForm();
  form.append("documentTypeId", "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1");
  form.append("title", "Pay stub");
  return form;
};

/** The operations shown without a recorded example, each for its reason (every other one must have one). */
const WITHOUT_EXAMPLE: Record<string, string> = {
  streamEvents: "a text/event-stream of frames, not one JSON answer: its example is written by hand in rest-compat/src/openapi.ts",
  getDocumentVersionContent: "a binary download: the file's own bytes",
  getPrintBatch: "a binary download: the batch's PDF",
};

/** The application's primary applicant, with what a submission needs of one. */
const memberBody = {
  roles: ["primary_applicant"],
  programsAppliedFor: ["snap"],
  contact: {
    name: { firstName: "Rosa", lastName: "Walker" },
    primaryAddress: { addressLine1: "9 Elm St", city: "Springfield", state: "IL", zip: "62701" },
  },
  personalInformation: { dateOfBirth: "1985-02-03" },
};
const signatureBody = (memberId: string) => ({
  signer: { type: "member", id: memberId, role: "applicant" },
  purpose: "application",
  signedAt: "2026-01-15T12:00:00Z",
  signatureMethod: "electronic",
});

type Operations = Record<string, Record<string, { operationId: string; parameters?: { name: string }[] }>>;

it("holds, in rest-compat/openapi-examples.json, what the platform answers each operation it walks", async () => {
  const { paths } = (await api.get("/openapi.json")).body as { paths: Operations };
  const operationOf = (method: string, template: string) => paths[template]?.[method.toLowerCase()];
  const stable = stableIds();
  const examples: Record<string, OperationExample> = {};
  /** One request, recorded as its operation's example (the first answer of the operation wins). */
  const record = async (
    method: string,
    template: string,
    values: Record<string, string>,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
    const operation = operationOf(method, template);
    if (!operation) throw new Error(`${method} ${template} is not in /openapi.json`);
    // Lists are asked for one record a page: an example, not a dump.
    const paged = operation.parameters?.some((parameter) => parameter.name === "limit");
    const answer = await api.raw(method, paged ? `${path}?limit=1` : path, body, headers);
    const { operationId } = operation;
    // Only successes are shown as examples; an operation the walk cannot reach successfully keeps none,
    // and one shown without an example (a download's bytes) keeps none either.
    if (answer.status < 300 && !(operationId in WITHOUT_EXAMPLE))
      examples[operationId] ??= {
        // A multipart upload's parts are described by its schema; a JSON body is shown as sent.
        ...(body !== undefined && !(body instanceof FormData) && { request: stable(body) }),
        status: answer.status,
        ...(answer.body !== undefined && { response: stable(answer.body) }),
      };
    return answer;
  };

  // An applicant's application, from creation to submission.
  const applicant = (await applicantAccount(api)).headers;
  const created = await record("POST", "/intake/applications", {}, { programs: ["snap"], channel: "online" }, applicant);
  expect(created.status).toBe(201);
  const ids = { applicationId: created.body.id as string };
  const member = await record("POST", "/intake/applications/{applicationId}/members", ids, memberBody, applicant);
  expect(member.status).toBe(201);
  const signed = await record("POST", "/intake/applications/{applicationId}/signatures", ids, signatureBody(member.body.id), applicant);
  expect(signed.status).toBe(201);
  expect((await record("POST", "/intake/applications/{applicationId}/submit", ids, undefined, applicant)).status).toBe(200);
  await settle();

  // Every list with no path parameter, as an administrator, one record a page; then that record by its id.
  for (const template of Object.keys(paths).sort()) {
    if (template.includes("{") || !paths[template]!.get || template.endsWith("/stream")) continue;
    const page = await record("GET", template, {});
    const first = Array.isArray(page.body?.items) ? page.body.items[0] : undefined;
    const byId = Object.keys(paths).find((other) => new RegExp(`^${template}/\\{\\w+\\}$`).test(other) && paths[other]!.get);
    if (first?.id && byId) await record("GET", byId, { [/\{(\w+)\}$/.exec(byId)![1]!]: first.id });
  }

  // ---------------------------------------------------------------------------------------------------
  // Every other operation, once, on records made for it. A record an operation changes or deletes is
  // its own, so the reads above and each answer below stay what they are whatever runs first.
  const post = async (template: string, values: Record<string, string>, body?: unknown): Promise<any> => {
    const answer = await record("POST", template, values, body);
    if (answer.status >= 300) throw new Error(`POST ${template} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  /** Reads, changes and deletes a record of `collection` made by `make`: the record operations of a resource. */
  const crud = async <Made extends { id: string }>(
    collection: string,
    param: string,
    values: Record<string, string>,
    make: () => Promise<Made>,
    patch: unknown,
  ) => {
    const made = await make();
    const own = { ...values, [param]: made.id };
    const one = `${collection}/{${param}}`;
    if (paths[collection]?.get) await record("GET", collection, values);
    if (paths[one]?.get) await record("GET", one, own);
    if (paths[one]?.patch) await record("PATCH", one, own, patch);
    if (paths[one]?.delete) await record("DELETE", one, { ...values, [param]: (await make()).id });
    return made;
  };
  // A machine's action is allowed from some states only, and to some callers only: each is taken on a
  // record of its own, brought there by the shortest chain of the machine's own actions, by the first
  // of these callers it admits (the administrator, a system, a worker with an account).
  const system = await bearer(["system"], { sub: "intake", userId: "intake" });
  const caseWorker = (await workerAccount(api, ["case_worker"])).headers;
  const callers = [{}, system, caseWorker];
  const take = async (template: string, values: Record<string, string>, body: unknown) => {
    for (const caller of callers) {
      const answer = await record("POST", template, values, body, caller);
      if (answer.status < 300) return answer;
    }
    return undefined;
  };
  /** Every action of `machine` at `template/{action}`, on a record `make` creates for it; `bodies` by action. */
  const walkMachine = async (
    machine: AnyMachine,
    template: string,
    make: () => Promise<Record<string, string>>,
    bodies: Record<string, unknown>,
    skip: string[] = [],
  ) => {
    const actions = Object.entries(machine.actions as Record<string, { from: readonly string[]; to?: string }>);
    const chainTo = (wanted: readonly string[]) => {
      const chains = new Map<string, string[]>([[machine.initial as string, []]]);
      for (const state of chains.keys())
        for (const [action, { from, to }] of actions)
          if (to && from.includes(state) && !chains.has(to) && !skip.includes(action)) chains.set(to, [...chains.get(state)!, action]);
      return [...chains].find(([state]) => wanted.includes(state))?.[1];
    };
    for (const [action, { from }] of actions) {
      if (skip.includes(action)) continue;
      const chain = chainTo(from);
      if (!chain) continue;
      const values = await make();
      let reached = true;
      // Each step settles before the next, so that what it sets off (a submission's checks) is done by then.
      for (const step of chain) {
        reached &&= (await take(`${template}/${step}`, values, bodies[step])) !== undefined;
        await settle();
      }
      if (reached) await take(`${template}/${action}`, values, bodies[action]);
    }
  };

  const person = (firstName: string) =>
    post("/persons", {}, { name: { firstName, lastName: "Example" }, email: `${firstName.toLowerCase()}@example.org` });
  await crud("/persons", "personId", {}, () => person("Ada"), { nickname: "Addie" });
  const primary = (await person("Grace")).id as string;
  await crud("/case-management/cases", "caseId", {}, () => post("/case-management/cases", {}, caseBody(primary)), { status: "closed" });
  const appointment = () => post("/scheduling/appointments", {}, appointmentBody(primary));
  await crud("/scheduling/appointments", "appointmentId", {}, appointment, { notes: "Bring pay stubs" });
  await walkMachine(
    appointmentMachine,
    "/scheduling/appointments/{appointmentId}",
    async () => ({ appointmentId: (await appointment()).id }),
    {
      reschedule: { startAt: "2026-01-12T15:00:00Z", endAt: "2026-01-12T15:30:00Z" },
      cancel: { reason: "Applicant asked to cancel" },
    },
  );
  let queues = 0;
  await crud("/workflow/queues", "queueId", {}, () => post("/workflow/queues", {}, { name: `Example queue ${++queues}` }), {
    description: "Renamed",
  });
  let users = 0;
  const user = () =>
    post(
      "/identity-access/users",
      {},
      { idpSubject: `idp|example-${++users}`, email: `worker${users}@agency.example.gov`, role: "case_worker" },
    );
  const worker = await crud("/identity-access/users", "userId", {}, user, { name: "Renamed" });
  await record("GET", "/identity-access/token/claims/{sub}", { sub: encodeURIComponent("idp|example-1") }, undefined, API_KEY);
  await record("GET", "/identity-access/users/me", {}, undefined, applicant);
  await record("PATCH", "/identity-access/users/me", {}, { preferences: { theme: "dark" } }, applicant);
  const task = () =>
    post("/workflow/tasks", {}, { name: "Verify income", programType: "snap", slaInfo: [{ slaTypeCode: "snap_standard" }] });
  await crud("/workflow/tasks", "taskId", {}, task, { description: "Check the pay stubs" });
  await walkMachine(taskMachine, "/workflow/tasks/{taskId}", async () => ({ taskId: (await task()).id }), {
    assign: { assignedToId: worker.id },
    complete: { outcome: "verified", notes: "Pay stubs match" },
    approve: { outcome: "verified" },
    "set-priority": { priority: 2, reason: "Expedited" },
    ...Object.fromEntries(["await-client", "await-verification", "de-escalate"].map((action) => [action, { notes: "Example note" }])),
    "sla-escalate": { reason: "sla_deadline_exceeded" },
    ...Object.fromEntries(
      ["escalate", "release", "reopen", "cancel", "return-to-worker"].map((action) => [action, { reason: "Example reason" }]),
    ),
  });

  // Household records on a draft application of the administrator's.
  const draft = (await post("/intake/applications", {}, { programs: ["snap"], channel: "online" })).id as string;
  const onDraft = { applicationId: draft };
  await record("PATCH", "/intake/applications/{applicationId}", onDraft, { channel: "mail" });
  const refs = await recordRefsOn(api.raw, draft);
  for (const kind of recordKinds) {
    const collection = `/intake/applications/{applicationId}/${kind.segment}`;
    const sample = recordSamples[kind.event]!(refs);
    if (kind.singleton) {
      await record("PATCH", collection, onDraft, sample);
      await record("GET", collection, onDraft);
    } else await crud(collection, kind.idParam!, onDraft, () => post(collection, onDraft, sample), sample);
  }
  await crud(
    "/intake/applications/{applicationId}/members",
    "memberId",
    onDraft,
    () => post("/intake/applications/{applicationId}/members", onDraft, { roles: ["household_member"] }),
    { isMigrantFarmWorker: true },
  );
  const verifications = "/intake/applications/{applicationId}/verifications";
  const verification = async () => (await post(verifications, onDraft, { category: "residency" })).id as string;
  await crud(verifications, "verificationId", onDraft, async () => ({ id: await verification() }), { verificationType: "document" });
  const verificationBodies = { waive: { reason: "Proof on file" }, "mark-cannot-verify": { reason: "No records" } };
  await walkMachine(
    verificationMachine,
    `${verifications}/{verificationId}`,
    async () => ({ ...onDraft, verificationId: await verification() }),
    verificationBodies,
  );
  await walkMachine(
    verificationMachine,
    "/intake/applications/verifications/{verificationId}",
    async () => ({ verificationId: await verification() }),
    verificationBodies,
  );
  // The table's form at the application's path names the verification in its body.
  for (const action of Object.keys(verificationMachine.actions))
    await take(`/intake/applications/{applicationId}/${action}`, onDraft, {
      verificationId: await verification(),
      ...verificationBodies[action as keyof typeof verificationBodies],
    });
  await record("DELETE", "/intake/applications/{applicationId}", {
    applicationId: (await post("/intake/applications", {}, { programs: ["snap"] })).id,
  });

  // Documents, their types, links and versions; the data exchange's calls; events; notices.
  let types = 0;
  const documentType = () =>
    post(
      "/document-management/document-types",
      {},
      { name: `example_type_${++types}`, retentionYears: 3, retentionTrigger: "submission_date" },
    );
  await crud("/document-management/document-types", "documentTypeId", {}, documentType, { retentionYears: 7 });
  const upload = () => post("/document-management/documents", {}, documentForm());
  const document = await crud("/document-management/documents", "documentId", {}, upload, { title: "Pay stub, March" });
  await record("POST", "/document-management/documents/{documentId}/document-versions", { documentId: document.id }, fileForm());
  await record("GET", "/document-management/document-versions/{documentVersionId}", { documentVersionId: document.latestVersionId });
  const link = await post(
    "/document-management/document-links",
    {},
    { documentId: document.id, subjectType: "application", subjectId: draft },
  );
  await record("GET", "/document-management/document-links/{documentLinkId}", { documentLinkId: link.id });
  const onDocument = (values: Record<string, string>) => ({ documentId: document.id, ...values });
  await record(
    "PUT",
    "/document-management/documents/{documentId}/metadata/{domain}",
    onDocument({ domain: "intake" }),
    { note: "Example" },
    system,
  );
  await record(
    "DELETE",
    "/document-management/documents/{documentId}/metadata/{domain}",
    onDocument({ domain: "intake" }),
    undefined,
    system,
  );
  // A hold changes no state: releasing one is taken below, on a document held first.
  await walkMachine(
    documentLifecycle,
    "/document-management/documents/{documentId}",
    async () => ({ documentId: (await upload()).id }),
    { "place-legal-hold": { reason: "Litigation" } },
    ["release-legal-hold"],
  );
  const held = (await upload()).id;
  await take("/document-management/documents/{documentId}/place-legal-hold", { documentId: held }, { reason: "Litigation" });
  await take("/document-management/documents/{documentId}/release-legal-hold", { documentId: held }, { reason: "Settled" });
  const call = await post("/data-exchange/service-calls", {}, { serviceType: "incarceration_check", requestingResourceId: draft });
  const onCall = { serviceCallId: call.id, domain: "intake" };
  // The call is made in the background: its metadata's answer shows its attempts, so it is read once they are done.
  await until(
    "the service call is answered",
    async () => (await api.get(`/data-exchange/service-calls/${call.id}`)).body?.status !== "pending",
  );
  await record("PUT", "/data-exchange/service-calls/{serviceCallId}/metadata/{domain}", onCall, { note: "Example" }, system);
  await record("DELETE", "/data-exchange/service-calls/{serviceCallId}/metadata/{domain}", onCall, undefined, system);
  await record(
    "POST",
    "/platform/events",
    {},
    {
      id: "6f1c2b1e-8d4b-4c0e-9a37-2f0d1f3e5a10",
      specversion: "1.0",
      type: "persons.person.updated",
      source: "/persons",
      subject: primary,
      time: "2026-01-15T12:00:00Z",
      datacontenttype: "application/json",
      data: { changes: [] },
    },
  );

  // The application's own actions, each on an application of its own, signed and ready to submit.
  await walkMachine(
    applicationMachine,
    "/intake/applications/{applicationId}",
    async () => {
      const applicationId = (await post("/intake/applications", {}, { programs: ["snap"], channel: "online" })).id as string;
      const signer = await post("/intake/applications/{applicationId}/members", { applicationId }, memberBody);
      await post("/intake/applications/{applicationId}/signatures", { applicationId }, signatureBody(signer.id));
      // A SNAP application is decided only once its interview is held or waived.
      await record(
        "PATCH",
        "/intake/applications/{applicationId}/interview",
        { applicationId },
        { waiverGranted: true, waiverReason: "Example" },
      );
      return { applicationId };
    },
    { withdraw: { reason: "Moved out of state" } },
  );

  // Determinations and their decisions are made only by the platform's reaction to a submission: written to the store here.
  const store = platform().database.prisma;
  const eligibility = async (options?: Parameters<typeof determinationFixture>[1]) => {
    const { determinationId, decisionId } = await determinationFixture(store, options);
    return { determinationId, decisionId };
  };
  const decided = await eligibility();
  await record("GET", "/eligibility/determinations/{determinationId}/decisions", decided);
  await record("GET", "/eligibility/determinations/{determinationId}/decisions/{decisionId}", decided);
  const denial = { denialReasonCode: "income_over_limit", path: "manual" };
  const decisionBodies = { approve: { path: "manual" }, deny: denial, "mark-ineligible": denial };
  await walkMachine(
    decisionMachine,
    "/eligibility/determinations/{determinationId}/decisions/{decisionId}",
    () => eligibility(),
    decisionBodies,
  );
  await walkMachine(determinationMachine, "/eligibility/determinations/{determinationId}", () => eligibility(), {}, ["complete"]);
  await take("/eligibility/determinations/{determinationId}/complete", await eligibility({ decisionStatus: "approved" }), undefined);
  for (const action of ["approve", "deny"] as const)
    await take(`/eligibility/determinations/{determinationId}/${action}`, await eligibility(), decisionBodies[action]);

  // Notices: one asked for on a verification; the delivery's outcomes are written to the store, as the sender would.
  const noticed = (await post("/intake/applications", {}, { programs: ["snap"], channel: "online" })).id as string;
  await post("/intake/applications/{applicationId}/members", { applicationId: noticed }, memberBody);
  const residency = await post(verifications, { applicationId: noticed }, { category: "residency" });
  await post(
    "/communication/notices",
    {},
    {
      type: "document_request_residency_verification",
      applicationId: noticed,
      subjectType: "verification",
      subjectId: residency.id,
    },
  );
  const notice = async (status: string) => {
    const { noticeId, copyId } = await storedNotice(store);
    await store.notice.update({ where: { id: noticeId }, data: { status } });
    return { noticeId, copyId };
  };
  await record("POST", "/communication/notices/{noticeId}/mark-returned", await notice("sent"), { reason: "Moved, left no address" });
  await record("POST", "/communication/notices/{noticeId}/resend", await notice("failed"));
  await record("POST", "/communication/print-queue/printed", {}, { copies: [(await notice("queued")).copyId] });
  await settle();

  const actual = `${JSON.stringify(canonicalJson(examples), null, 2)}\n`;
  if (updating || !existsSync(examplesPath)) writeFileSync(examplesPath, actual);
  expect(actual).toBe(readFileSync(examplesPath, "utf8"));
  const missing = Object.entries(paths).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(
        ([method, operation]) => method !== "parameters" && !examples[operation.operationId] && !(operation.operationId in WITHOUT_EXAMPLE),
      )
      .map(([method, operation]) => `${method.toUpperCase()} ${template} (${operation.operationId})`),
  );
  expect(missing).toEqual([]);
});
