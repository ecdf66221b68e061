// Issue 33's fault test (`npm run test:ha`, root only): three platform hosts behind HAProxy on a
// Patroni pair with a synchronous standby, documents in a shared S3 store, under a steady mixed load
// through the load balancer, while one host is killed and brought back, another is cut off the network
// and restored, and the PostgreSQL primary is killed so its standby takes over. Then everything the
// platform acknowledged is checked: stored once with one event, followed by every stream client in log
// order without gap or duplicate, every timer fired once, every agency call answered and recorded once.
import { Client } from "pg";
import { hostSecrets, startTopology, type Topology } from "./topology/topology";

Object.assign(process.env, hostSecrets);

import { bearer, tokenFor, workerAccount } from "../support/auth";
import { until } from "../support/waiting";
import { LoadClient } from "./load/client";
import { followStream, followSubscription, type Follower } from "./load/followers";
import { emptyMade, runWorkload, type Callers, type Made } from "./load/workload";
import { serversUp } from "./topology/haproxy";
import { cutOff, isDark, powerOff, reconnect } from "./topology/network";
import { roleOf, startDatabaseNode } from "./topology/patroni";
import { startPlatformHost } from "./topology/services";
import { describeWindows, type FaultWindow, windowOf } from "./report";

const FAULT_BUDGET_MS = 120_000;

let topology: Topology;
let client: LoadClient;
let callers: Callers;
const made: Made = emptyMade();
let followers: Follower[] = [];
let load: Promise<void>;
const windows: FaultWindow[] = [];

const upIn = async (backend: string) => ((await serversUp().catch(() => ({}))) as Record<string, string[]>)[backend] ?? [];
/** The hosts the test has not taken down, for reading documents back from each directly. */
const downHosts = new Set<string>();
const liveHosts = () =>
  topology.platformHosts.filter((entry) => !downHosts.has(entry.host.name)).map((entry) => ({ name: entry.host.name, url: entry.url }));

const acknowledgedWrites = () => client.samples.filter((sample) => sample.write && sample.ok).length;
const untilMoreWrites = async (what: string, count = 20) => {
  const from = acknowledgedWrites();
  await until(what, () => acknowledgedWrites() >= from + count, FAULT_BUDGET_MS);
};

beforeAll(async () => {
  topology = await startTopology();
  client = new LoadClient(topology.url);
  const admin = await bearer(["state_admin"], { sub: "ha|admin", userId: "00000000-0000-4000-8000-00000000ad01" });
  const accounts = {
    post: async (path: string, body?: unknown) => {
      const answer = await client.send("POST", path, { body, headers: admin });
      return { status: answer.status, body: answer.body };
    },
  };
  callers = {
    admin,
    applicant: (await workerAccount(accounts, ["applicant"])).headers,
    caseworker: (await workerAccount(accounts, ["case_worker"])).headers,
    system: await bearer(["system"], { sub: "ha|system" }),
  };
}, 600_000);

afterAll(async () => {
  client?.stop();
  for (const follower of followers) follower.stop();
  if (topology) {
    // A failed run leaves its logs for reading.
    console.log(`HA test logs: ${topology.runDirectory}`);
    await topology.stop();
  }
}, 120_000);

it("loses nothing when a host dies, a host is cut off, and the primary fails over", async () => {
  const adminToken = `Bearer ${await tokenFor(["state_admin"], { sub: "ha|follower" })}`;
  followers = [
    followStream(topology.url, { authorization: adminToken }),
    followSubscription(`${topology.url.replace("http", "ws")}/graphql`, adminToken),
  ];
  load = runWorkload(client, callers, made, liveHosts);
  await untilMoreWrites("the load to run", 40);
  await until("both followers to receive events", () => followers.every((follower) => follower.positions.length > 0), 60_000);

  // 1. A platform host loses power, and comes back.
  const [first, second] = topology.platformHosts;
  downHosts.add(first!.host.name);
  let at = Date.now();
  powerOff(first!.host);
  await until("host1 to be dark", () => isDark(first!.host));
  await untilMoreWrites("writes to go on without host1");
  windows.push(windowOf("host1 killed (SIGKILL)", at, client.samples));
  startPlatformHost(first!, topology.runDirectory);
  await until("host1 to be back in HAProxy", async () => (await upIn("platform_hosts")).includes("host1"), FAULT_BUDGET_MS);
  downHosts.delete(first!.host.name);

  // 2. A platform host is cut off the network, and restored.
  downHosts.add(second!.host.name);
  at = Date.now();
  cutOff(second!.host);
  await untilMoreWrites("writes to go on without host2");
  windows.push(windowOf("host2 cut off (link down)", at, client.samples));
  reconnect(second!.host);
  await until("host2 to be back in HAProxy", async () => (await upIn("platform_hosts")).includes("host2"), FAULT_BUDGET_MS);
  downHosts.delete(second!.host.name);

  // 3. The PostgreSQL primary dies; its synchronous standby takes over.
  const roles = await Promise.all(topology.databaseNodes.map(roleOf));
  const primary = topology.databaseNodes[roles.indexOf("leader")]!;
  const standby = topology.databaseNodes[roles.indexOf("sync_standby")]!;
  at = Date.now();
  powerOff(primary.host);
  await until("the standby to become the primary", async () => (await roleOf(standby)) === "leader", FAULT_BUDGET_MS);
  await untilMoreWrites("writes to go on on the new primary");
  windows.push(windowOf("PostgreSQL primary killed (SIGKILL)", at, client.samples));
  // The old primary rejoins as the new primary's standby (pg_rewind).
  startDatabaseNode(primary, topology.runDirectory, topology.etcdEndpoint);
  await until(
    "the old primary to follow the new one",
    async () => ["sync_standby", "replica"].includes((await roleOf(primary)) ?? ""),
    FAULT_BUDGET_MS,
  );
  await until("every host to be ready again", async () => (await upIn("platform_hosts")).length === 3, FAULT_BUDGET_MS);
  await untilMoreWrites("writes after every fault", 20);

  client.stop();
  await load;
  console.log(
    [
      describeWindows(windows, client.samples),
      `  made: ${made.applications.length} applications, ${made.tasks.length} tasks, ${made.documents.length} documents, ${made.timers.length} timers`,
      ...followers.map(
        (follower) =>
          `  ${follower.name} follower: ${follower.positions.length} events, ${follower.lost} streams lost and resumed, ${follower.refused} attempts refused while no host was ready`,
      ),
    ].join("\n"),
  );
  expect(made.errors).toEqual([]);
  expect(client.surprises).toEqual([]);

  const database = new Client({ connectionString: topology.databaseUrl });
  await database.connect();
  try {
    await checkStoredOnce(database);
    await checkFollowers(database);
    await checkTimers(database);
    await checkAgencyCalls(database);
  } finally {
    await database.end();
  }
}, 900_000);

/** Every acknowledged write is one row with one event: an application, its member, its submission; a task's actions; a document. */
async function checkStoredOnce(database: Client) {
  const applicationIds = made.applications.map((application) => application.id);
  const { rows: applications } = await database.query<{ id: string; created: string; submitted: string; members: string }>(
    `SELECT a.id,
            (SELECT count(*) FROM platform_event e WHERE e.subject = a.id AND e.type = 'intake.application.created') AS created,
            (SELECT count(*) FROM platform_event e WHERE e.subject = a.id AND e.type = 'intake.application.submitted') AS submitted,
            (SELECT count(*) FROM intake_application_member m WHERE m."applicationId" = a.id) AS members
       FROM intake_application a WHERE a.id = ANY($1::uuid[])`,
    [applicationIds],
  );
  expect(applications).toHaveLength(applicationIds.length);
  const submitted = new Set(made.applications.filter((application) => application.submitted).map((application) => application.id));
  for (const row of applications)
    expect({ id: row.id, created: Number(row.created), members: Number(row.members), submitted: Number(row.submitted) }).toEqual({
      id: row.id,
      created: 1,
      members: 1,
      submitted: submitted.has(row.id) ? 1 : expect.any(Number),
    });
  // Nothing was made twice: the load's own applications are all the applications there are.
  const { rows: allApplications } = await database.query<{ count: string }>("SELECT count(*) FROM intake_application");
  expect(Number(allApplications[0]!.count)).toBe(applicationIds.length);

  const { rows: tasks } = await database.query<{ id: string; status: string; claimed: string; completed: string }>(
    `SELECT t.id, t.status,
            (SELECT count(*) FROM platform_event e WHERE e.subject = t.id AND e.type = 'workflow.task.claimed') AS claimed,
            (SELECT count(*) FROM platform_event e WHERE e.subject = t.id AND e.type = 'workflow.task.completed') AS completed
       FROM workflow_task t WHERE t.id = ANY($1::uuid[])`,
    [made.tasks.map((task) => task.id)],
  );
  expect(tasks).toHaveLength(made.tasks.length);
  for (const task of tasks.filter((row) => made.tasks.find((entry) => entry.id === row.id)?.completed))
    expect({ id: task.id, status: task.status, claimed: Number(task.claimed), completed: Number(task.completed) }).toEqual({
      id: task.id,
      status: "completed",
      claimed: 1,
      completed: 1,
    });

  const { rows: documents } = await database.query<{ count: string }>("SELECT count(*) FROM document");
  expect(Number(documents[0]!.count)).toBe(made.documents.length);
  expect(made.documents.every((document) => document.downloadedFrom.length > 0)).toBe(true);
}

/** Each follower saw one gap-free run of the log, in order, across every reconnection. */
async function checkFollowers(database: Client) {
  // Reactions and timers still append after the load stops: the check runs up to the log's end as read now.
  const { rows } = await database.query<{ last: string }>("SELECT max(position) AS last FROM platform_event");
  const last = Number(rows[0]!.last);
  await until(
    "the followers to catch up with the log",
    () => followers.every((follower) => (follower.positions.at(-1) ?? 0) >= last),
    60_000,
  );
  for (const follower of followers) {
    const first = follower.positions[0]!;
    const { rows: logged } = await database.query<{ position: string }>(
      "SELECT position FROM platform_event WHERE position BETWEEN $1 AND $2 ORDER BY position",
      [first, last],
    );
    expect({ follower: follower.name, positions: follower.positions.filter((position) => position <= last) }).toEqual({
      follower: follower.name,
      positions: logged.map((row) => Number(row.position)),
    });
  }
}

/** Each timer asked for fired exactly once. */
async function checkTimers(database: Client) {
  const subjects = made.timers.map((timer) => timer.subject);
  const fired = async () =>
    (
      await database.query<{ subject: string; count: string }>(
        `SELECT subject, count(*) FROM platform_event WHERE type = 'workflow.creation_deadline' AND subject = ANY($1::uuid[]) GROUP BY subject`,
        [subjects],
      )
    ).rows;
  await until("every requested timer to fire", async () => (await fired()).length === subjects.length, 60_000);
  expect((await fired()).filter((row) => Number(row.count) !== 1)).toEqual([]);
}

/** Each agency call ended once (one ending event), and the agency answered its idempotency key. */
async function checkAgencyCalls(database: Client) {
  const open = async () =>
    Number(
      (await database.query<{ count: string }>("SELECT count(*) FROM data_exchange_service_call WHERE status = 'pending'")).rows[0]!.count,
    );
  await until("every agency call to finish", async () => (await open()) === 0, 120_000);
  const { rows: calls } = await database.query<{ id: string; completed: string }>(
    `SELECT c.id, (SELECT count(*) FROM platform_event e WHERE e.subject = c.id
              AND e.type IN ('data_exchange.call.completed', 'data_exchange.call.failed', 'data_exchange.call.timed_out')) AS completed
       FROM data_exchange_service_call c`,
  );
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect({ id: call.id, completed: Number(call.completed) }).toEqual({ id: call.id, completed: 1 });
  }
  const { rows: answered } = await database.query<{ id: string }>("SELECT id FROM data_exchange_service_call WHERE status = 'completed'");
  for (const call of answered) {
    const seen = (await (await fetch(`${topology.agencyUrl}/calls/${call.id}`)).json()) as { answered: number };
    expect({ id: call.id, answered: seen.answered >= 1 }).toEqual({ id: call.id, answered: true });
  }
}
