// What agencies are told stays with the agencies (issue 17): the platform, launched as `npm start` runs
// it (its reference eligibility adapter and agency simulator beside it) with its most verbose logging,
// files an application whose member has a known SSN and date of birth and lets the electronic
// verifications and the Medicaid ex parte checks call the agencies; an agency of the deployment refuses
// a call quoting the subject back. Neither the SSN (with or without dashes) nor the date of birth may
// then be anywhere in what the platform printed, in a service call's row or in a data-exchange event.
// The adapters read those facts as a principal of their own, which no credential can claim.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { adminHeaders, bearer } from "../support/auth";
import { type Json, listPath, ok } from "../support/expectations";
import { launchPlatform, stopLaunched } from "../support/launcher";
import { createTestDatabase } from "../support/platform";
import { waitFor } from "../support/waiting";

// The simulator answers by the SSN's last digit: 1 is conclusive.
const SSN = "518-62-4931";
const DATE_OF_BIRTH = "1983-11-27";
const traces = [SSN, SSN.replace(/-/g, ""), DATE_OF_BIRTH, DATE_OF_BIRTH.replace(/-/g, ""), "11/27/1983"];
const SAVE = "9efdf5fd-b335-41a5-9393-4c91979a3e9f";

// The deployment's SAVE agency: it refuses every request, quoting back what it was sent, with a code.
const echoing = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const { subject } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { subject: Json };
    const quoted = `No record for ${subject.firstName} ${subject.lastName}, SSN ${subject.ssn}, born ${subject.dateOfBirth}`;
    response
      .writeHead(422, { "content-type": "application/json" })
      .end(JSON.stringify({ code: "SUBJECT_NOT_FOUND", message: quoted, details: [{ field: "subject.ssn", message: quoted }] }));
  });
});

let db: Client;
let url = "";
let output: () => string = () => "";

beforeAll(async () => {
  await new Promise<void>((resolve) => echoing.listen(0, "127.0.0.1", resolve));
  const servicesFile = path.join(mkdtempSync(path.join(tmpdir(), "pap-dx-personal-")), "services.json");
  writeFileSync(
    servicesFile,
    JSON.stringify({ services: [{ id: SAVE, endpoint: { url: `http://127.0.0.1:${(echoing.address() as AddressInfo).port}/save` } }] }),
  );
  const databaseUrl = await createTestDatabase("data_exchange_personal_data");
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const launched = await launchPlatform(databaseUrl, "REST", {
    // The most the platform prints: every level, and a line per request.
    LOG_LEVEL: "trace",
    LOG_REQUESTS: "true",
    DATA_EXCHANGE_SERVICES_FILE: servicesFile,
    // Empty: the launcher starts its own reference services, as `npm start` does.
    DATA_EXCHANGE_AGENCY_URL: "",
    ELIGIBILITY_ADAPTER_URL: "",
  });
  url = launched.line.match(/https?:\/\/[^/\s]+/)![0];
  output = launched.output;
}, 240_000);

afterAll(async () => {
  await stopLaunched();
  await db?.end();
  await new Promise<void>((resolve) => echoing.close(() => resolve()));
}, 60_000);

async function call(
  method: string,
  route: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: { "content-type": "application/json", ...(headers ?? (await adminHeaders())) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A request of the launched platform that must succeed: its body. */
const succeeded = (method: string, route: string, body?: unknown): Promise<Json> => ok(call(method, route, body), `${method} ${route}`);

const rows = async (sql: string): Promise<string[]> => (await db.query(sql)).rows.map((row) => JSON.stringify(row));
const serviceCalls = () => rows(`SELECT * FROM data_exchange_service_call`);
const dataExchangeEvents = () => rows(`SELECT * FROM platform_event WHERE type LIKE 'data_exchange.%'`);
const tracesIn = (texts: readonly string[]) => traces.filter((trace) => texts.some((text) => text.includes(trace)));

it("keeps a member's SSN and date of birth out of the logs, the calls and their events, whatever the agencies answer", async () => {
  const application = await succeeded("POST", "/intake/applications", { programs: ["snap", "medicaid"], channel: "online" });
  const base = `/intake/applications/${application.id}`;
  const member = await succeeded("POST", `${base}/members`, {
    roles: ["primary_applicant"],
    programsAppliedFor: ["snap", "medicaid"],
    personalInformation: { ssn: SSN, dateOfBirth: DATE_OF_BIRTH },
    citizenship: { citizenshipStatus: "us_citizen" },
    contact: {
      name: { firstName: "Ines", lastName: "Vardy" },
      primaryAddress: { addressLine1: "9 Oak St", city: "Springfield", state: "IL", zip: "62704" },
    },
  });
  await succeeded("POST", `${base}/incomes`, {
    memberId: member.id,
    type: "employed",
    amount: 1200,
    frequency: "monthly",
    payerName: "Harbor Foods",
  });
  await succeeded("POST", `${base}/signatures`, {
    signer: { type: "member", id: member.id, role: "applicant" },
    purpose: "application",
    signedAt: "2026-11-25T09:00:00Z",
    signatureMethod: "electronic",
  });
  await succeeded("POST", `${base}/submit`);
  const refused = await succeeded("POST", "/data-exchange/service-calls", { serviceType: "save", requestingResourceId: member.id });

  // The verifications' calls (the SSA, lawful presence, the four income sources) and the Medicaid
  // decision's (tax information, Medicare) all end, and the deployment's SAVE refuses its call.
  await waitFor(
    async () => {
      const { rows: calls } = await db.query(`SELECT "serviceType", status FROM data_exchange_service_call`);
      const ended = new Set(calls.filter((entry) => entry.status === "completed").map((entry) => entry.serviceType));
      return (
        ["fdsh_ssa", "fdsh_vlp", "ssa_ievs", "irs_ievs", "swica", "uib", "fdsh_fti", "fdsh_medicare"].every((type) => ended.has(type)) &&
        calls.every((entry) => entry.status !== "pending")
      );
    },
    "every call to end",
    120_000,
    100,
  );
  const [determination] = (await succeeded("GET", listPath("/eligibility/determinations", { applicationId: application.id }))).items;
  await waitFor(
    async () =>
      (await succeeded("GET", `/eligibility/determinations/${determination.id}/decisions`)).items.some(
        (decision: Json) => decision.program === "medicaid" && decision.status !== "pending",
      ),
    "the Medicaid decision to be decided ex parte",
    120_000,
    100,
  );

  // The refusal keeps the agency's status and code, never its words.
  const failed = await succeeded("GET", `/data-exchange/service-calls/${refused.id}`);
  expect(failed).toMatchObject({
    status: "failed",
    failureReason: "service_error",
    lastError: "the agency (save) refused the request (422): SUBJECT_NOT_FOUND",
  });
  const [failedEvent] = (
    await db.query(`SELECT data FROM platform_event WHERE subject = $1 AND type = 'data_exchange.call.failed'`, [refused.id])
  ).rows;
  expect(JSON.stringify(failedEvent.data)).not.toContain("Vardy");

  // What the platform printed is what its most verbose level prints: debug lines, and its requests.
  const printed = output();
  expect(printed).toContain(`"level":20`);
  expect(printed).toContain(`${base}/members`);
  // The member's row keeps them sealed (stored encrypted); the search finds them where clients read them,
  // so finding them nowhere else means something.
  expect(tracesIn(await rows(`SELECT * FROM intake_application_member`))).toEqual([]);
  expect(tracesIn([JSON.stringify(await succeeded("GET", `${base}/members`))])).toEqual([SSN, DATE_OF_BIRTH]);
  expect(tracesIn([printed])).toEqual([]);
  expect(tracesIn(await serviceCalls())).toEqual([]);
  expect(tracesIn(await dataExchangeEvents())).toEqual([]);
  expect((await serviceCalls()).length).toBeGreaterThanOrEqual(9);
}, 300_000);

it("lets no credential act as the agency adapters: a token naming their role holds no role at all", async () => {
  const claimed = await bearer(["agency_adapter"], { sub: "test|agency-adapter" });
  const { rows: members } = await db.query(`SELECT id, "applicationId" FROM intake_application_member LIMIT 1`);
  for (const route of [
    `/intake/applications/${members[0].applicationId}`,
    `/intake/applications/${members[0].applicationId}/members/${members[0].id}`,
    "/persons",
    "/data-exchange/service-calls",
  ]) {
    expect({ route, status: (await call("GET", route, undefined, claimed)).status }).toEqual({ route, status: 403 });
  }
  const graph = await call(
    "POST",
    "/graphql",
    { query: `query ($id: ID!) { application(id: $id) { id status } }`, variables: { id: members[0].applicationId } },
    claimed,
  );
  expect(graph.body.data?.application ?? null).toBeNull();
  expect(graph.body.errors[0].extensions).toMatchObject({ code: "FORBIDDEN" });
});
