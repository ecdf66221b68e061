import http from "node:http";
import path from "node:path";
import { text } from "node:stream/consumers";
import { Worker } from "node:worker_threads";
import type pg from "pg";
import { now, percentile, sleep } from "../measure";
import { admin, freshDatabase, startPlatform, watched } from "../platform";
import { attempt, joined, type Suite } from "../suite";
import type { AgencyAsk, AgencyStats } from "./agency-thread";

// Calls to outside agencies (the reference simulator) through the data-exchange outbox, each step at an
// offered rate measured against itself: the calls completed while submitting against those accepted.

/** A step: calls per second on an open-loop timetable, or `null`: as fast as the submitters are answered. */
type Step = { rate: number | null; agencyLatencyMs: number };
const stepName = (step: Step) =>
  `${step.rate === null ? "max" : `${step.rate}/s`}${step.agencyLatencyMs ? `, agency ${step.agencyLatencyMs} ms` : ""}`;

type Agency = { url: string; ask<T>(request: AgencyAsk): Promise<T>; control(latencyMs: number): Promise<void>; stop(): Promise<void> };

async function startAgency(): Promise<Agency> {
  const worker = new Worker(path.join(__dirname, "agency-thread.js"));
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", (message: { listening?: string; failed?: string }) =>
      message.listening ? resolve(message.listening) : reject(new Error(`the agency simulator did not start: ${message.failed}`)),
    );
    worker.once("error", reject);
  });
  // One question at a time: the next message is its answer.
  const ask = <T>(request: AgencyAsk) =>
    new Promise<T>((resolve) => {
      worker.once("message", resolve);
      worker.postMessage(request);
    });
  return {
    url,
    ask,
    // `PUT /control` slows every agency from now on; `DELETE /control` puts the start-up settings back.
    control: async (latencyMs) =>
      void (await fetch(
        `${url}/control`,
        latencyMs
          ? { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ latencyMs }) }
          : { method: "DELETE" },
      )),
    async stop() {
      await ask({ op: "stop" });
      await worker.terminate();
    },
  };
}

export const dataExchange: Suite = async (context) => {
  const { scope, quick, log } = context;
  const settings = quick
    ? { members: 1_000, steps: [50, null], latencyRate: 50, seconds: 3, warmupSeconds: 1, drainSeconds: 30 }
    : { members: 6_000, steps: [100, 250, 500, null], latencyRate: 250, seconds: 10, warmupSeconds: 2, drainSeconds: 60 };
  const steps: Step[] = [
    ...settings.steps.map((rate) => ({ rate, agencyLatencyMs: 0 })),
    { rate: settings.latencyRate, agencyLatencyMs: 50 },
  ];
  const agency = await startAgency();
  scope.defer(agency.stop);
  const database = await freshDatabase(scope);
  // Before the platform starts, as data already in a deployment's database would be.
  const members = await seedMembers(database.client, settings.members);
  context.note(
    `${members.length} application members written by SQL; steps of ${settings.seconds} s (${steps.map(stepName).join("; ")}), each drained for at most ${settings.drainSeconds} s; outbox concurrency ${process.env.DATA_EXCHANGE_CONCURRENCY ?? "default"}`,
  );
  // Named the simulator, the platform's launcher starts no agency of its own.
  const platform = await startPlatform(scope, database.url, { env: { DATA_EXCHANGE_AGENCY_URL: agency.url } });
  const known = new Set<string>();
  const run = (step: Step, seconds: number) =>
    watched([platform], () =>
      runStep({ base: platform.restBase, db: database.client, agency, members, known }, step, { ...settings, seconds }),
    );
  if (settings.warmupSeconds) await run({ rate: 100, agencyLatencyMs: 0 }, settings.warmupSeconds);
  let blocked = "";
  for (const step of steps) {
    const variant = stepName(step);
    // A backlog left behind would be the next step's too, and its members unavailable.
    if (blocked) {
      context.record({ scenario: "outbox", variant, ours: NaN, comparison: NaN, invalid: blocked });
      continue;
    }
    const figures = await attempt(context, [{ scenario: "outbox", variant }], () => run(step, settings.seconds));
    if (!figures) continue;
    log(`${variant}: ${figures.detail}`);
    const invalid = joined(figures.problems);
    context.record({
      scenario: "outbox",
      variant,
      ours: figures.completed,
      comparison: figures.accepted,
      detail: figures.detail,
      ...(invalid && { invalid }),
    });
    if (!figures.drained) blocked = `not run: the calls of ${variant} did not complete`;
  }
};

type StepContext = { base: string; db: pg.Client; agency: Agency; members: readonly string[]; known: Set<string> };

/**
 * One FDSH SSA call per member without a pending one; the backlog at the last answer drained; then
 * every call must be completed with exactly one completed event, and its key must have reached the simulator.
 */
async function runStep(context: StepContext, step: Step, settings: { seconds: number; drainSeconds: number }) {
  const { db, agency } = context;
  if (step.agencyLatencyMs) await agency.control(step.agencyLatencyMs);
  try {
    const busy = new Set(
      (
        await db.query<{ id: string }>(`SELECT "requestingResourceId"::text AS id FROM data_exchange_service_call WHERE status = 'pending'`)
      ).rows.map((row) => row.id),
    );
    await agency.ask({ op: "stats" });
    const since = new Date(Date.now() - 1000);
    const sent = await submit(
      context.base,
      context.members.filter((id) => !busy.has(id)),
      step.rate,
      settings.seconds,
    );
    const pending = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_exchange_service_call WHERE status = 'pending'`)).rows[0]!.n;
    const backlog = await pending();
    const drainStarted = now();
    let left = backlog;
    // Polled, so the drain is known to within 100 ms.
    for (; left > 0 && now() - drainStarted < settings.drainSeconds * 1000; left = await pending()) await sleep(100);
    const stats = await agency.ask<AgencyStats>({ op: "stats" });
    // The step's calls: every call made since it began that no earlier step made.
    const { rows } = await db.query<{ id: string; status: string; created: number; completed: number | null; events: number }>(
      `SELECT c.id::text AS id, c.status, extract(epoch FROM c."createdAt")::float8 * 1000 AS created, extract(epoch FROM min(e.time))::float8 * 1000 AS completed, count(e.id)::int AS events
       FROM data_exchange_service_call c LEFT JOIN platform_event e ON e.subject = c.id AND e.type = $2 WHERE c."createdAt" >= $1 GROUP BY c.id`,
      [since, `${process.env.EVENT_TYPE_PREFIX ?? ""}data_exchange.call.completed`],
    );
    const calls = rows.filter((row) => !context.known.has(row.id));
    for (const id of [...calls.map((call) => call.id), ...sent.callIds]) context.known.add(id);
    const unseen = await agency.ask<number>({ op: "received", keys: calls.map((call) => call.id) });
    const window = (sent.lastAnsweredAt - sent.firstSentAt) / 1000;
    const lags = calls.flatMap((call) => (call.completed === null ? [] : [call.completed - call.created]));
    const inWindow = calls.filter((call) => call.completed !== null && call.completed <= sent.lastAnsweredAt).length;
    const acknowledged = new Set(sent.callIds);
    const notCompleted = calls.filter((call) => call.status !== "completed").length;
    const problems = [
      ...Object.entries(sent.refused).map(([what, count]) => `${count} submissions ${what}`),
      left > 0 && `${left} calls still pending ${settings.drainSeconds} s after the last answer`,
      calls.length !== sent.callIds.length && `${sent.callIds.length} calls accepted, ${calls.length} in the table`,
      calls.some((call) => !acknowledged.has(call.id)) && "calls in the table that no 201 answered",
      notCompleted && `${notCompleted} calls not completed`,
      calls.some((call) => call.events !== 1) && "calls without exactly one completed event",
      unseen && `the simulator never saw the key of ${unseen} calls`,
    ];
    return {
      completed: inWindow / window,
      accepted: sent.callIds.length / window,
      drained: left === 0,
      problems,
      detail: `${sent.callIds.length} accepted${sent.skipped ? `, ${sent.skipped} slots skipped` : ""}; backlog ${backlog} at the last answer, drained in ${((now() - drainStarted) / 1000).toFixed(1)} s; lag p50 ${percentile(lags, 50).toFixed(0)} / p99 ${percentile(lags, 99).toFixed(0)} ms; at most ${stats.maxInFlight} at the agency at once`,
    };
  } finally {
    if (step.agencyLatencyMs) await agency.control(0);
  }
}

/**
 * On a timetable of `rate` a second (open loop: a slow answer does not delay the next, but a slot is
 * skipped while 256 await their answers, as queueing them would only time them out), or with `rate`
 * null by 50 submitters each sending its next when answered.
 */
async function submit(base: string, members: readonly string[], rate: number | null, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: rate === null ? 50 : 256 });
  const result = { callIds: [] as string[], refused: {} as Record<string, number>, skipped: 0, firstSentAt: NaN, lastAnsweredAt: NaN };
  let inFlight = 0;
  let next = 0;
  const send = async (member: string) => {
    if (!(result.firstSentAt <= now())) result.firstSentAt = now();
    inFlight++;
    const answer = await post(agent, base, JSON.stringify({ serviceType: "fdsh_ssa", requestingResourceId: member })).catch(
      (error: Error) => ({ status: 0, body: error.message }),
    );
    const id = answer.status === 201 ? /"id":"([^"]+)"/.exec(answer.body)?.[1] : undefined;
    // 200 would be a member's pending call answered instead of a new one: the step asks only members without one.
    if (id) result.callIds.push(id);
    else {
      const what = `answered ${answer.status || answer.body.slice(0, 80)}`;
      result.refused[what] = (result.refused[what] ?? 0) + 1;
    }
    inFlight--;
    result.lastAnsweredAt = now();
  };
  const start = now();
  try {
    if (rate === null) {
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (now() < start + seconds * 1000 && next < members.length) await send(members[next++]!);
        }),
      );
    } else {
      const pending: Promise<void>[] = [];
      const total = Math.min(Math.round(rate * seconds), members.length);
      for (let slot = 0; slot < total; slot++) {
        await sleep(Math.max(0, start + (slot * 1000) / rate - now()));
        if (inFlight >= 256) result.skipped++;
        else pending.push(send(members[next++]!));
      }
      await Promise.all(pending);
    }
  } finally {
    agent.destroy();
  }
  return result;
}

function post(agent: http.Agent, base: string, body: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${base}/data-exchange/service-calls`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: "POST",
        headers: { ...admin, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
        timeout: 30_000,
      },
      (response) => void text(response).then((body) => resolve({ status: response.statusCode ?? 0, body }), reject),
    );
    request.on("timeout", () => request.destroy(new Error("timed out after 30 s")));
    request.on("error", reject);
    request.end(body);
  });
}

/** Households of four; SSNs end in 0–5, which the simulator answers conclusively at once, and the digits before vary the answers. */
async function seedMembers(db: pg.Client, members: number): Promise<string[]> {
  await db.query("BEGIN");
  await db.query(
    `CREATE TEMP TABLE bench_household ON COMMIT DROP AS SELECT a, gen_random_uuid() AS id FROM generate_series(0, $1::int - 1) AS a`,
    [Math.ceil(members / 4)],
  );
  await db.query(`INSERT INTO intake_application (id, status, programs, channel, "submittedAt", "applicantFirstName", "applicantLastName", "createdAt", "updatedAt")
    SELECT id, 'submitted', ARRAY['snap', 'medicaid'], 'online', now(), 'Bench', 'Household ' || a, now(), now() FROM bench_household`);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO intake_application_member (id, "applicationId", roles, "programsAppliedFor", "personalInformation", contact, "createdAt", "updatedAt")
     SELECT gen_random_uuid(), h.id, CASE WHEN m % 4 = 0 THEN ARRAY['primary_applicant'] ELSE ARRAY['household_member'] END, ARRAY['snap', 'medicaid'],
       jsonb_build_object('ssn', lpad((100 + m % 800)::text, 3, '0') || '-' || lpad((10 + (m / 800) % 90)::text, 2, '0') || '-' || lpad((m % 1000)::text, 3, '0') || (m % 6)::text,
         'dateOfBirth', to_char(date '1950-01-01' + (m * 37) % 25000, 'YYYY-MM-DD')),
       jsonb_build_object('name', jsonb_build_object('firstName', 'Bench', 'lastName', 'Member ' || m)), now(), now()
     FROM generate_series(0, $1::int - 1) AS m JOIN bench_household h ON h.a = m / 4 ORDER BY m RETURNING id::text AS id`,
    [members],
  );
  await db.query("COMMIT");
  await db.query("ANALYZE intake_application, intake_application_member");
  return rows.map((row) => row.id);
}
