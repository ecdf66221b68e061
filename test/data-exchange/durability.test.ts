// A call accepted is a call made (issue 17), across crashes and restarts: the platform (the compiled
// launcher, as `npm start` runs it) is killed with SIGKILL while an agency is still answering one of its
// calls; restarted on the same database, it claims the call again once the dead process's lease has run
// out, asks the agency again with the same idempotency key, and records the answer once. A call whose
// service's window passes while no platform runs is timed out by its durable timer when one starts again.
import type { ChildProcess } from "node:child_process";
import { buildServer as buildAgencySimulator } from "@pap/agency-simulator";
import { Client } from "pg";
import { adminHeaders } from "../support/auth";
import { launchPlatform, stopLaunched } from "../support/launcher";
import { createTestDatabase } from "../support/platform";
import { waitFor } from "../support/waiting";
import type { Json } from "../support/expectations";

const agencies = buildAgencySimulator();
let agencyUrl = "";
let databaseUrl = "";
let db: Client;

beforeAll(async () => {
  agencyUrl = await agencies.listen({ host: "127.0.0.1", port: 0 });
  databaseUrl = await createTestDatabase("data_exchange_durability");
  db = new Client({ connectionString: databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await stopLaunched();
  await db?.end();
  await agencies.close();
}, 60_000);

/** The launcher on the test's database, calling the test's simulator; its REST base URL read off its banner. */
async function launch(env: Record<string, string> = {}): Promise<{ process: ChildProcess; url: string }> {
  const started = await launchPlatform(databaseUrl, "REST", {
    DATA_EXCHANGE_AGENCY_URL: agencyUrl,
    // One attempt per call of up to 6 s: a worker's lease is then 11 s (6 s + a 5 s margin).
    DATA_EXCHANGE_CALL_TIMEOUT_MS: "6000",
    DATA_EXCHANGE_ATTEMPTS_PER_CALL: "1",
    ...env,
  });
  return { process: started.process, url: started.line.match(/https?:\/\/[^/\s]+/)![0] };
}

const killed = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()).kill("SIGKILL"));

async function call(url: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(await adminHeaders()) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

/** A member of a draft application whose SSN ends in `digit` (9: the simulator answers after `slowMs`). */
async function memberWithSsn(url: string, digit: number): Promise<string> {
  const application = await call(url, "POST", "/intake/applications", { programs: ["medicaid"], channel: "online" });
  const member = await call(url, "POST", `/intake/applications/${application.id}/members`, {
    roles: ["primary_applicant"],
    personalInformation: { ssn: `222-33-444${digit}`, dateOfBirth: "1975-05-05" },
    contact: { name: { firstName: "Kim", lastName: "Durable" } },
  });
  return member.id;
}

const row = async (id: string) =>
  (await db.query(`SELECT status, attempts, "leaseUntil" FROM data_exchange_service_call WHERE id = $1`, [id])).rows[0];
const loggedRowsOf = async (id: string, type: string) =>
  (await db.query(`SELECT id FROM platform_event WHERE subject = $1 AND type = $2`, [id, type])).rows;
const agencySaw = async (key: string): Promise<{ received: number; answered: number }> => {
  const response = await fetch(`${agencyUrl}/calls/${key}`);
  return response.status === 200 ? ((await response.json()) as { received: number; answered: number }) : { received: 0, answered: 0 };
};
const control = (body: Json) =>
  fetch(`${agencyUrl}/control`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

it("completes a call once after the platform making it is killed mid-call and started again", async () => {
  const first = await launch();
  const memberId = await memberWithSsn(first.url, 9);
  await control({ slowMs: 4000 });
  const submitted = await call(first.url, "POST", "/data-exchange/service-calls", {
    serviceType: "fdsh_vlp",
    requestingResourceId: memberId,
  });
  // The agency has the request and is still working on it: now the platform dies.
  await waitFor(async () => (await agencySaw(submitted.id)).received === 1, "the agency to receive the call", 60_000, 20);
  await killed(first.process);
  expect(await row(submitted.id)).toMatchObject({ status: "pending", attempts: 1 });
  expect(await loggedRowsOf(submitted.id, "data_exchange.call.completed")).toHaveLength(0);

  const second = await launch();
  await waitFor(async () => (await row(submitted.id)).status === "completed", "the call to complete after the restart", 90_000, 100);
  const done = await call(second.url, "GET", `/data-exchange/service-calls/${submitted.id}`);
  expect(done).toMatchObject({ status: "completed", result: "conclusive", attempts: 2 });
  expect(await loggedRowsOf(submitted.id, "data_exchange.call.completed")).toHaveLength(1);
  // Asked twice with the same idempotency key; the agency's answer counted once.
  expect((await agencySaw(submitted.id)).received).toBe(2);
  await killed(second.process);
}, 240_000);

it("times out a call whose window passed while no platform ran, when one starts again", async () => {
  await control({ failing: ["save"] });
  // Attempts without end, a second apart: the call stays pending until its two-second window ends it.
  const env = {
    DATA_EXCHANGE_CALL_WINDOW_SECONDS: "2",
    DATA_EXCHANGE_OUTBOX_ATTEMPTS: "1000",
    DATA_EXCHANGE_RETRY_BASE_MS: "1000",
    DATA_EXCHANGE_RETRY_MAX_MS: "1000",
  };
  const first = await launch(env);
  const memberId = await memberWithSsn(first.url, 1);
  const submitted = await call(first.url, "POST", "/data-exchange/service-calls", { serviceType: "save", requestingResourceId: memberId });
  await killed(first.process);
  const { rows: timers } = await db.query(`SELECT "fireAt" FROM platform_timer WHERE id = $1`, [`data-exchange.window.${submitted.id}`]);
  expect(timers).toHaveLength(1);
  await waitFor(() => Date.now() > new Date(timers[0].fireAt).getTime(), "the window to pass", 10_000, 50);
  expect((await row(submitted.id)).status).toBe("pending");

  await launch(env);
  await waitFor(async () => (await row(submitted.id)).status === "timed_out", "the durable timer to time the call out", 90_000, 100);
  const timedOut = await loggedRowsOf(submitted.id, "data_exchange.call.timed_out");
  expect(timedOut).toHaveLength(1);
  expect((await db.query(`SELECT 1 FROM platform_timer WHERE id = $1`, [`data-exchange.window.${submitted.id}`])).rows).toHaveLength(0);
  await fetch(`${agencyUrl}/control`, { method: "DELETE" });
}, 240_000);
