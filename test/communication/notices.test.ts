// The communication domain end to end (issue 32): a Spanish-speaking SNAP household files; the residency
// document the application needs is asked for by a notice in Spanish, emailed with its PDF through a real
// SMTP server and printed for the household and its representative from the print queue; once every copy
// has gone out, intake records the request on the verification. The review is completed, the reference
// adapter approves the household, the application closes, and the notice of eligibility goes out with
// each member's outcome, the reasons and figures with their citations, the benefit and its period, and
// the right to a fair hearing with its deadline.
import type { ParsedMail } from "mailparser";
import { randomUUID } from "node:crypto";
import { applicantAccount, bearer, workerAccount } from "../support/auth";
import { expectStatus, listPath, type Json } from "../support/expectations";
import { eventsOf } from "../support/event-log";
import { signAndSubmit } from "../support/intake-fixtures";
import { pdfText } from "../support/pdf-text";
import { useTestPlatform } from "../support/platform";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver";
import { waitFor } from "../support/waiting";

let smtp: SmtpReceiver;
const saved = {
  SMTP_URL: process.env.SMTP_URL,
  PLATFORM_TIME_ZONE: process.env.PLATFORM_TIME_ZONE,
  APPOINTMENT_REMINDER_OFFSETS: process.env.APPOINTMENT_REMINDER_OFFSETS,
};

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  smtp.refuse("nobody@example.org");
  process.env.SMTP_URL = smtp.url;
  process.env.PLATFORM_TIME_ZONE = "America/Chicago";
  // A reminder a minute before the interview, which the test books a little over a minute ahead.
  process.env.APPOINTMENT_REMINDER_OFFSETS = "PT1M";
});

const { api, url, db, settle } = useTestPlatform("communication_notices");

afterAll(async () => {
  await smtp?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The bytes of a GET (a PDF), with the headers they came with. */
async function bytes(path: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(`${url()}${path}`, {
    headers: await bearer(["case_worker"], { sub: "test|print-room", userId: "00000000-0000-4000-8000-0000000000d1" }),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const attachmentText = (message: ParsedMail) => {
  const pdf = message.attachments.find((attachment) => attachment.contentType === "application/pdf");
  if (!pdf) throw new Error(`no PDF attached to "${message.subject}"`);
  return pdfText(pdf.content);
};

const noticesOf = async (applicationId: string): Promise<Json[]> =>
  (await api.get(listPath("/communication/notices", { applicationId, sort: "createdAt" }))).body.items;

let applicationId = "";
let ana: Json;

it("asks for a document in the household's language, by email and on paper, and records the request on the verification once sent", async () => {
  const { headers: applicant } = await applicantAccount(api);
  const application = await expectStatus(
    api.post("/intake/applications", { programs: ["snap"], channel: "online" }, applicant),
    201,
    "create",
  );
  applicationId = application.id;
  const base = `/intake/applications/${applicationId}`;
  ana = await expectStatus(
    api.post(
      `${base}/members`,
      {
        roles: ["primary_applicant"],
        programsAppliedFor: ["snap"],
        personalInformation: { dateOfBirth: "1988-02-03", preferredWrittenLanguage: "es-MX" },
        contact: {
          name: { firstName: "Ana", lastName: "Núñez" },
          primaryAddress: { addressLine1: "40 Oak Ave", city: "Springfield", state: "IL", zip: "62704" },
          email: "ana.nunez@example.org",
          noticePreference: "both",
        },
      },
      applicant,
    ),
    201,
    "primary applicant",
  );
  await expectStatus(
    api.post(`${base}/incomes`, { memberId: ana.id, type: "employed", amount: 1100, frequency: "monthly" }, applicant),
    201,
    "income",
  );
  const helper = await expectStatus(
    api.post(
      `${base}/contacts`,
      {
        name: { firstName: "Rosa", lastName: "Legal Aid" },
        primaryAddress: { addressLine1: "1 Court Sq", city: "Springfield", state: "IL", zip: "62701" },
      },
      applicant,
    ),
    201,
    "representative's contact",
  );
  await expectStatus(
    api.post(
      `${base}/authorized-representatives`,
      { type: "contact", representativeId: helper.id, receivesNotices: true, programs: ["snap"] },
      applicant,
    ),
    201,
    "authorized representative",
  );
  await signAndSubmit(api, base, ana.id, applicant);

  // SNAP's residency is verified on paper: submission opens the verification, and the request goes out.
  let request: Json | undefined;
  await waitFor(async () => {
    request = (await noticesOf(applicationId)).find((notice) => notice.type === "document_request_residency_verification");
    return request !== undefined;
  }, "the residency document request");
  expect(request).toMatchObject({ status: "queued", language: "es", subjectType: "verification", documentId: expect.any(String) });
  expect(request!.recipients).toEqual([
    { recipientId: ana.id, kind: "member", name: "Ana Núñez", channels: ["email", "paper"] },
    { recipientId: expect.any(String), kind: "authorized_representative", name: "Rosa Legal Aid", channels: ["paper"] },
  ]);
  expect(request!.metadata).toEqual({ intake: { verificationId: request!.subjectId } });

  // The email copy: the notice's title as subject, the PDF attached, in Spanish, from the platform's mail server.
  let emailed: ParsedMail | undefined;
  await waitFor(() => {
    emailed = smtp.messages.find((message) => message.subject === "Necesitamos un comprobante de su domicilio");
    return emailed !== undefined;
  }, "the emailed document request");
  expect(emailed!.to).toMatchObject({ value: [{ address: "ana.nunez@example.org" }] });
  const emailedText = attachmentText(emailed!);
  expect(emailedText).toContain("necesitamos un documento que demuestre el domicilio de Ana Núñez");
  expect(emailedText).toMatch(/Envíe una copia a más tardar el \d{1,2} de \w+ de \d{4}\./);
  expect(emailedText).toContain(`Número de solicitud: ${applicationId}`);

  // The notice waits for its paper copies: the print room's batch holds both, each behind its mailing cover.
  expect((await api.get(`/communication/notices/${request!.id}`)).body.status).toBe("queued");
  const batch = await bytes("/communication/print-queue");
  expect(batch.status).toBe(200);
  const copies = batch.headers.get("print-batch-copies")!.split(",");
  // `limit` is a number read from the query string: the first copy alone, in the batch's order.
  const first = await bytes("/communication/print-queue?limit=1");
  expect(first.status).toBe(200);
  expect(first.headers.get("print-batch-copies")).toBe(copies[0]);
  const deliveries = (
    await api.graphql(`query ($id: ID!) { notice(id: $id) { deliveries { id channel status recipientId attemptLog } } }`, {
      id: request!.id,
    })
  ).data.notice.deliveries as Json[];
  const paper = deliveries.filter((delivery) => delivery.channel === "paper").map((delivery) => delivery.id);
  expect(copies).toEqual(expect.arrayContaining(paper));
  const printed = pdfText(batch.body);
  expect(printed).toContain("Ana Núñez 40 Oak Ave Springfield, IL 62704");
  expect(printed).toContain("Rosa Legal Aid 1 Court Sq Springfield, IL 62701");
  expect(printed.match(/Necesitamos un comprobante de su domicilio/g)?.length).toBe(2);
  const confirmed = await expectStatus(api.post("/communication/print-queue/printed", { copies }), 200, "confirm printed");
  expect(confirmed.printed.sort()).toEqual([...copies].sort());
  // Confirming twice changes nothing.
  expect((await expectStatus(api.post("/communication/print-queue/printed", { copies }), 200, "again")).alreadyDone.sort()).toEqual(
    [...copies].sort(),
  );

  // Every copy has gone out: the notice is sent, and intake records the request on the verification.
  await waitFor(async () => (await api.get(`/communication/notices/${request!.id}`)).body.status === "sent", "the request to be sent");
  const [sent] = await eventsOf(api, request!.id, "communication.notice.sent");
  expect(sent!.data).toMatchObject({
    type: "document_request_residency_verification",
    metadata: { intake: { verificationId: request!.subjectId } },
  });
  await waitFor(async () => {
    const verification = (await api.get(`${base}/verifications/${request!.subjectId}`)).body;
    return verification.documentRequests?.some((entry: Json) => entry.noticeId === request!.id && entry.type === request!.type);
  }, "intake to record the document request");

  // The notice is a document of the application in document management, kept like the household's papers.
  const document = await expectStatus(api.get(`/document-management/documents/${request!.documentId}`), 200, "the filed notice");
  expect(document).toMatchObject({ metadata: { intake: { applicationId }, communication: { noticeId: request!.id } } });
  const graph = await api.graphql(
    `query ($id: ID!) { application(id: $id) { notices { id type status deliveries { channel status attemptLog } document { id title } } } }`,
    { id: applicationId },
  );
  expect(graph.errors).toBeUndefined();
  const shown = graph.data.application.notices.find((notice: Json) => notice.id === request!.id);
  expect(shown.document).toEqual({ id: request!.documentId, title: "Necesitamos un comprobante de su domicilio" });
  expect(shown.deliveries.every((delivery: Json) => delivery.status === "sent" && delivery.attemptLog.length === 1)).toBe(true);
}, 120_000);

it("reminds the household of its interview, sends the notice of missed interview, and once the interview is held the notice of eligibility with each member's outcome, the reasons and figures with citations, the benefit and the fair hearing deadline", async () => {
  const base = `/intake/applications/${applicationId}`;
  const worker = await workerAccount(api);
  let task: Json | undefined;
  await waitFor(async () => {
    task = (await api.get(listPath("/workflow/tasks", { q: `subjectId:${applicationId}` }))).body.items[0];
    return task !== undefined;
  }, "the review task");
  await expectStatus(api.post(`/workflow/tasks/${task!.id}/claim`, undefined, worker.headers), 200, "claim");
  await waitFor(async () => (await api.get(base)).body.status === "under_review", "the application to open");

  // The interview is booked a little over a minute ahead: its reminder falls due a minute before.
  let interview: Json | undefined;
  await waitFor(async () => {
    interview = (await api.get(`${base}/interview`)).body;
    return Boolean(interview?.id);
  }, "the interview record");
  const person = await expectStatus(api.post("/persons", { name: { firstName: "Ana", lastName: "Núñez" } }), 201, "person");
  const startAt = new Date(Date.now() + 75_000);
  const booked = await expectStatus(
    api.post(
      "/scheduling/appointments",
      {
        personId: person.id,
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 1_800_000).toISOString(),
        appointmentType: "snap_interview",
        subjectType: "interview",
        subjectId: interview!.id,
      },
      worker.headers,
    ),
    201,
    "book the interview",
  );
  let reminder: ParsedMail | undefined;
  await waitFor(
    () => {
      reminder = smtp.messages.find((message) => message.subject?.startsWith("Recordatorio: su cita el"));
      return reminder !== undefined;
    },
    "the interview's reminder",
    90_000,
  );
  const when = new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeStyle: "short", timeZone: "America/Chicago" }).format(startAt);
  expect(attachmentText(reminder!)).toContain(`Le recordamos su snap interview el ${when}.`);
  expect((await noticesOf(applicationId)).find((notice) => notice.type === "appointment_reminder")).toMatchObject({
    subjectType: "appointment",
    subjectId: booked.id,
  });

  // The household does not come: the notice of missed interview goes out (7 CFR 273.2(e)(3)).
  await expectStatus(api.post(`/scheduling/appointments/${booked.id}/no-show`, undefined, worker.headers), 200, "no-show");
  let missed: ParsedMail | undefined;
  await waitFor(() => {
    missed = smtp.messages.find((message) => message.subject === "No asistió a su entrevista");
    return missed !== undefined;
  }, "the notice of missed interview");
  const missedText = attachmentText(missed!);
  expect(missedText).toContain(`Tenía una entrevista programada el ${when} para su solicitud de SNAP`);
  expect(missedText).toContain("7 CFR § 273.2(e)");
  // Rescheduled, and held this time: the review may complete.
  const moved = await expectStatus(
    api.post(
      `/scheduling/appointments/${booked.id}/reschedule`,
      { startAt: new Date(Date.now() + 86_400_000).toISOString(), endAt: new Date(Date.now() + 88_200_000).toISOString() },
      worker.headers,
    ),
    200,
    "reschedule",
  );
  await expectStatus(api.post(`/scheduling/appointments/${moved.rescheduledToId}/hold`, undefined, worker.headers), 200, "hold");
  await waitFor(async () => Boolean((await api.get(`${base}/interview`)).body.completedAt), "the interview to be held");
  await expectStatus(api.post(`/workflow/tasks/${task!.id}/resume`, undefined, worker.headers), 200, "resume the review");

  await waitFor(async () => {
    const verifications = (await api.get(listPath(`${base}/verifications`, { limit: 100 }))).body.items as Json[];
    return verifications.every(
      (verification) =>
        verification.verificationType !== "electronic" || verification.electronicChecks.every((check: Json) => check.status !== "pending"),
    );
  }, "the electronic checks");
  for (const verification of (await api.get(listPath(`${base}/verifications`, { limit: 100 }))).body.items as Json[]) {
    if (["pending", "inconclusive"].includes(verification.status))
      await expectStatus(
        api.post(`${base}/verifications/${verification.id}/waive`, { reason: "Seen in the interview" }, worker.headers),
        200,
        "waive",
      );
  }
  await expectStatus(api.post(`${base}/complete-review`, undefined, worker.headers), 200, "complete review");
  await waitFor(async () => (await api.get(base)).body.status === "closed", "the application to close");

  let eligibility: Json | undefined;
  await waitFor(async () => {
    eligibility = (await noticesOf(applicationId)).find((notice) => notice.type === "notice_of_eligibility");
    return eligibility !== undefined;
  }, "the notice of eligibility");
  expect(eligibility).toMatchObject({ program: "snap", language: "es", subjectType: "determination" });
  const [decision] = (await api.get(listPath("/eligibility/determinations", { applicationId }))).body.items[0].id
    ? ((await api.get(`/eligibility/determinations/${eligibility!.subjectId}/decisions`)).body.items as Json[])
    : [];
  expect(decision).toMatchObject({ status: "approved" });
  const benefit = decision!.explanation.figures.monthlyBenefit as number;

  let emailed: ParsedMail | undefined;
  await waitFor(() => {
    emailed = smtp.messages.find((message) => message.subject === "Aviso de elegibilidad: SNAP (asistencia alimentaria)");
    return emailed !== undefined;
  }, "the emailed notice of eligibility");
  const text = attachmentText(emailed!);
  expect(text).toContain("Persona: Ana Núñez — SNAP (asistencia alimentaria): Aprobado");
  // The adapter's rules with their citations and figures, as the decision's explanation has them.
  const unspaced = text.replace(/\s/g, "");
  for (const rule of decision!.explanation.rules as Json[]) expect(unspaced).toContain(`(${rule.citation})`.replace(/\s/g, ""));
  const dollars = new Intl.NumberFormat("es-US", { style: "currency", currency: "USD" }).format(benefit);
  expect(text).toContain(`Beneficio mensual: ${dollars}`);
  expect(text).toMatch(/Período de beneficios: 1 de \w+ de \d{4} – \d{1,2} de \w+ de \d{4}/);
  const deadline = new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeZone: "America/Chicago" }).format(
    new Date(new Date(eligibility!.createdAt).getTime() + 90 * 86_400_000),
  );
  expect(text).toContain(`Debe pedirla a más tardar el ${deadline} (90 días a partir de la fecha de este aviso)`);
  expect(text).toContain("7 CFR § 273.15(g)");
  expect(text).toContain("Este aviso se envía conforme a: 7 CFR § 273.2(h).");
}, 240_000);

it("gives up an email copy the mail server refuses for good, and the notice fails with the reason", async () => {
  // The household moved its email to a mailbox that does not exist (arranged below the API: the application is closed).
  await db().applicationMember.update({
    where: { id: ana.id },
    data: { contact: { ...ana.contact, email: "nobody@example.org", noticePreference: "email" } },
  });
  const determination = (await api.get(listPath("/eligibility/determinations", { applicationId }))).body.items[0];
  const issued = await expectStatus(
    api.post("/communication/notices", {
      type: "notice_of_action",
      applicationId,
      program: "snap",
      subjectType: "determination",
      subjectId: determination.id,
    }),
    201,
    "notice of action",
  );
  expect(issued).toMatchObject({ type: "notice_of_action", status: "queued" });
  const copiesOf = async () =>
    (await api.graphql(`query ($id: ID!) { notice(id: $id) { deliveries { id channel status lastError attemptLog } } }`, { id: issued.id }))
      .data.notice.deliveries as Json[];
  // The email copy is refused for good (550): given up after its one attempt, with the server's answer.
  let email: Json | undefined;
  await waitFor(async () => {
    email = (await copiesOf()).find((copy) => copy.channel === "email");
    return email?.status === "failed";
  }, "the refused email copy to be given up");
  expect(email!.lastError).toMatch(/^550/);
  expect(email!.attemptLog).toEqual([{ at: expect.any(String), outcome: "failed", detail: expect.stringMatching(/^550/) }]);
  // The representative's paper copy still waits; once printed, the notice has failed, saying why.
  expect((await api.get(`/communication/notices/${issued.id}`)).body.status).toBe("queued");
  const paper = (await copiesOf()).filter((copy) => copy.channel === "paper").map((copy) => copy.id);
  await expectStatus(api.post("/communication/print-queue/printed", { copies: paper }), 200, "print the paper copy");
  expect((await api.get(`/communication/notices/${issued.id}`)).body).toMatchObject({ status: "failed", failedAt: expect.any(String) });
  const [event] = await eventsOf(api, issued.id, "communication.notice.failed");
  expect(event!.data.reason).toMatch(/550/);
  // Sent again to the household as it now stands: a fresh copy per recipient, the earlier ones kept with their attempts.
  const resent = await expectStatus(api.post(`/communication/notices/${issued.id}/resend`), 200, "resend");
  expect(resent.status).toBe("queued");
  expect((await copiesOf()).length).toBe(4);
}, 60_000);

it("sends a copy whose sender died mid-send once its lease has run out, and only once", async () => {
  const [notice] = await noticesOf(applicationId);
  // A copy a process claimed and then died with (its lease over, one attempt counted, nothing recorded).
  const orphan = await db().noticeDelivery.create({
    data: {
      noticeId: notice!.id,
      recipientId: ana.id,
      channel: "email",
      destination: { channel: "email", email: "ana.again@example.org" },
      attempts: 1,
      leaseUntil: new Date(Date.now() - 1_000),
      nextAttemptAt: new Date(Date.now() - 61_000),
    },
  });
  const messageId = `<${orphan.id}@notices.platform>`;
  await waitFor(
    async () => (await db().noticeDelivery.findUniqueOrThrow({ where: { id: orphan.id } })).status === "sent",
    "the orphaned copy to be sent",
  );
  expect(smtp.messages.filter((message) => message.messageId === messageId)).toHaveLength(1);
  const attempts = await db().noticeDeliveryAttempt.findMany({ where: { deliveryId: orphan.id } });
  expect(attempts.map((attempt) => attempt.outcome)).toEqual(["sent"]);
});

it("asks for a document when an electronic verification is left pending past its checks, once", async () => {
  // An electronic check whose every call failed (arranged below the API), and the update intake records when the last one ends.
  const verification = await db().verification.create({
    data: {
      applicationId,
      sourceType: "member",
      sourceId: ana.id,
      category: "identity",
      verificationType: "electronic",
      electronicChecks: [{ serviceCallId: randomUUID(), serviceType: "ssa_composite", status: "failed", failureReason: "service_error" }],
    },
  });
  const updated = () =>
    expectStatus(
      api.post("/platform/events", {
        id: randomUUID(),
        specversion: "1.0",
        type: "intake.verification.updated",
        source: "/intake",
        subject: verification.id,
        time: new Date().toISOString(),
        datacontenttype: "application/json",
        data: { changes: [] },
      }),
      [201, 202],
      "the verification's update",
    );
  await updated();
  let request: Json | undefined;
  await waitFor(async () => {
    request = (await noticesOf(applicationId)).find((notice) => notice.subjectId === verification.id);
    return request !== undefined;
  }, "the identity document request");
  expect(request).toMatchObject({
    type: "document_request_identity_verification",
    metadata: { intake: { verificationId: verification.id } },
  });
  // Another update of the same verification asks nothing more.
  await updated();
  await settle();
  expect((await noticesOf(applicationId)).filter((notice) => notice.subjectId === verification.id)).toHaveLength(1);
});

it("refuses a notice that names the wrong records, in the envelope", async () => {
  const refused = await api.post("/communication/notices", { type: "document_request_income_verification", applicationId });
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ field: "subjectId" }] });
  const unknown = await api.post("/communication/notices", {
    type: "notice_of_denial",
    applicationId: "00000000-0000-4000-8000-000000000000",
    program: "snap",
  });
  expect(unknown.status).toBe(422);
  expect(unknown.body.details).toEqual([{ field: "applicationId", message: "does not name an application" }]);
});
