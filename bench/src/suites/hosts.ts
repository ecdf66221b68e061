import { readFileSync } from "node:fs";
import { groupCpuMs, machineTicks } from "../cpu";
import { getCall, getJson, graphqlCall, graphqlFailed, mean, measure, sleep, spread, type HttpCall, type Load } from "../measure";
import { growPeople, personColumnsFrom, seedPeople, type SeededData } from "../people";
import { admin, deriveFromSeededRows, freshDatabase, repositoryRoot, startPlatform, watched, type Platform } from "../platform";
import { attempt, fail, joined, type Suite, type SuiteContext } from "../suite";
import { caseload, checkCaseload, seedTasks } from "./gateway";
import { maxHosts, requireTools, startLoadBalancer, waitForHostsUp } from "./load-balancer";

// What scales: the same caseworker mix through HAProxy (deploy/haproxy/haproxy.cfg) to one, two and
// three single-mode hosts, each pinned to its share of the cores. One host given every core is the
// comparison: with N hosts the machine's cores are the same, so req/s shows what the balancing and the
// extra processes cost, and CPU per request whether a request costs more when hosts are added.

const programs = ["snap", "medicaid", "chip", "tanf", "aca"];
const searchedNames = ["Maria Garcia", "James Smith", "Nguyen", "Linh Tran", "Patel", "Robert Johnson", "Okafor", "Rosa Hernandez"];

/** Ten calls of a caseworker's day, in proportion: mostly records by id, task lists, searches, and one full caseload screen. */
function caseworkerMix(data: SeededData): { calls: HttpCall[]; kinds: Map<string, HttpCall> } {
  const calls: HttpCall[] = [];
  const kinds = new Map<string, HttpCall>();
  const person = (i: number) => getCall(`/persons/${data.personIds[(i * 37) % data.personIds.length]}`);
  const tasks = (i: number) =>
    getCall(`/workflow/tasks?q=${encodeURIComponent(`status:pending programType:${programs[i % programs.length]}`)}&sort=-createdAt`);
  const found = (i: number) => getCall(`/platform/search?q=${encodeURIComponent(searchedNames[i % searchedNames.length]!)}`);
  const screen = graphqlCall({ query: caseload });
  // A GET first: autocannon's defaults are the first call's.
  for (let i = 0; i < 200; i++)
    calls.push(
      person(4 * i),
      tasks(2 * i),
      found(i),
      person(4 * i + 1),
      tasks(2 * i + 1),
      person(4 * i + 2),
      screen,
      person(4 * i + 3),
      found(i + 3),
      tasks(i + 5),
    );
  kinds
    .set("person by id", person(0))
    .set("pending tasks of a program", tasks(0))
    .set("search", found(0))
    .set("caseload screen (GraphQL)", screen);
  return { calls, kinds };
}

type Listed = { items?: unknown[]; total?: number };
/** Throws unless the answer is what a caseworker would be shown: a record, a non-empty list, the screen's 25 cases. */
function checkAnswer(kind: string, status: number, body: unknown): void {
  if (status !== 200) fail(`${kind}: status ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  if (kind === "person by id") (body as { name?: unknown }).name || fail(`${kind}: no person in ${JSON.stringify(body).slice(0, 200)}`);
  else if (kind.startsWith("caseload")) {
    const { data, errors } = body as { data?: unknown; errors?: unknown };
    if (errors) fail(`${kind}: errors ${JSON.stringify(errors).slice(0, 300)}`);
    checkCaseload(data);
  } else if (!(body as Listed).items?.length) fail(`${kind}: found nothing: ${JSON.stringify(body).slice(0, 200)}`);
}

/** The CPUs this process may run on (its affinity list, "0-1" or "0,2,4"), which the hosts are shared out of. */
function allowedCpus(): number[] {
  const list =
    /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ??
    fail("no Cpus_allowed_list in /proc/self/status");
  return list.split(",").flatMap((range) => {
    const [from, to = from] = range.split("-").map(Number) as [number, number?];
    return Array.from({ length: to! - from + 1 }, (_, k) => from + k);
  });
}

/**
 * Each of `count` hosts' CPUs: contiguous equal shares while there are at least as many CPUs as hosts
 * (one host: all; two on two cores: one each), one CPU each in turn past that (three on two: 0, 1, 0).
 */
export function cpuShares(count: number, cpus: readonly number[]): string[] {
  return Array.from({ length: count }, (_, host) =>
    count > cpus.length
      ? String(cpus[host % cpus.length])
      : cpus.slice(Math.floor((host * cpus.length) / count), Math.floor(((host + 1) * cpus.length) / count)).join(","),
  );
}

type Pass = {
  hosts: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p99: number;
  hostCpuMs: number[];
  /** What the hosts spent per second with no request at all (timers, the event hub's polling, metrics). */
  idleMsPerSecond: number;
  balancerCpuMs: number;
  busy: number;
};

export const hosts: Suite = async (context) => {
  const { scope, log, quick } = context;
  requireTools([
    { command: "taskset", args: ["-V"], from: "util-linux" },
    { command: "haproxy", args: ["-v"], from: "HAProxy 2.6 or later (Debian: `apt-get install haproxy`)" },
  ]);
  // A long warm-up: every host starts cold, and N hosts share the warm-up's requests N ways. Few
  // connections: at 50, one saturated host answered HAProxy's /readyz check past its 2 s timeout and
  // was marked down, so the figure was HAProxy's 503s; a caseworker mix is not a flood.
  const load: Load = { connections: quick ? 8 : 16, seconds: quick ? 3 : 20, warmupSeconds: quick ? 2 : 15 };
  const rounds = quick ? 1 : 2;
  const database = await freshDatabase(scope);
  const derived = personColumnsFrom(repositoryRoot);
  const data = await growPeople(database.client, await seedPeople(database.client, derived), derived, 10_000);
  const caseTasks = await seedTasks(database.client);
  const documents = await deriveFromSeededRows(database.url);
  const cpus = allowedCpus();
  const mix = caseworkerMix(data);
  context.note(
    `${data.counts.persons} persons, ${data.counts.cases} cases, ${data.counts.appointments} appointments, ${data.counts.tasks + caseTasks} tasks, search documents derived in ${documents.toFixed(1)} s; ${rounds} round(s) of 1, 2 and 3 hosts (the second in reverse), each started afresh: ${load.warmupSeconds} s warm-up + ${load.seconds} s measured, ${load.connections} connections`,
  );
  context.note(
    `the mix, in ten calls: 4 \`GET /persons/{id}\` (800 ids), 3 \`GET /workflow/tasks?q=status:pending programType:…&sort=-createdAt\`, 2 \`GET /platform/search?q=…\` (names), 1 GraphQL caseload screen (25 active cases with tasks, members, appointments)`,
  );
  context.note(
    `${cpus.length} CPUs (${cpus.join(",")}); hosts pinned with taskset: ${[1, 2, 3].map((n) => `${n} → ${cpuShares(n, cpus).join(" | ")}`).join("; ")}. HAProxy, PostgreSQL and the load generator (autocannon, in the runner) are not pinned and share the same cores`,
  );

  const passes: Pass[] = [];
  const failing = [2, 3].flatMap((n) => ["hosts-rate", "hosts-cpu-per-request"].map((scenario) => ({ scenario, variant: `${n} hosts` })));
  const order = Array.from({ length: rounds }, (_, round) => (round % 2 ? [3, 2, 1] : [1, 2, 3])).flat();
  const measured = await attempt(context, failing, async () => {
    for (const count of order) {
      const pass = await measureHosts(context, count, cpus, { database: database.url, mix, load, idleSeconds: quick ? 2 : 5 });
      log(
        `${count} host(s): ${pass.requestsPerSecond.toFixed(0)} req/s, ${(sum(pass.hostCpuMs) / pass.requests).toFixed(2)} CPU ms/req, p99 ${pass.p99} ms, machine ${(pass.busy * 100).toFixed(0)}% busy`,
      );
      passes.push(pass);
    }
    return passes;
  });
  if (!measured) return;
  const of = (count: number) => summary(passes.filter((pass) => pass.hosts === count));
  const one = of(1);
  for (const count of [1, 2, 3]) {
    const figures = of(count);
    context.note(
      `${count} host(s): ${figures.requestsPerSecond.toFixed(0)} req/s, ${figures.cpuPerRequest.toFixed(2)} CPU ms/request in the hosts (${figures.shares}; idle, they spend ${figures.idleMsPerSecond.toFixed(0)} ms/s, ${figures.idlePerRequest.toFixed(2)} ms of each request's), HAProxy ${figures.balancerPerRequest.toFixed(2)} ms/request, p99 ${figures.p99} ms, the machine ${(figures.busy * 100).toFixed(0)}% busy`,
    );
  }
  for (const count of [2, 3]) {
    const figures = of(count);
    const perRound = (pick: (pass: Pass) => number) => {
      const ours = passes.filter((pass) => pass.hosts === count).map(pick);
      const theirs = passes.filter((pass) => pass.hosts === 1).map(pick);
      return spread(ours.map((value, round) => value / theirs[round]!));
    };
    context.record({
      scenario: "hosts-rate",
      variant: `${count} hosts`,
      ours: figures.requestsPerSecond,
      comparison: one.requestsPerSecond,
      detail: joined([
        perRound((pass) => pass.requestsPerSecond),
        `p99 ${figures.p99} / ${one.p99} ms`,
        `machine ${(figures.busy * 100).toFixed(0)}% / ${(one.busy * 100).toFixed(0)}% busy`,
      ]),
    });
    context.record({
      scenario: "hosts-cpu-per-request",
      variant: `${count} hosts`,
      ours: figures.cpuPerRequest,
      comparison: one.cpuPerRequest,
      detail: joined([
        perRound((pass) => sum(pass.hostCpuMs) / pass.requests),
        `per host ${figures.shares}`,
        `idle share ${figures.idlePerRequest.toFixed(2)} / ${one.idlePerRequest.toFixed(2)} ms/req`,
        `HAProxy ${figures.balancerPerRequest.toFixed(2)} / ${one.balancerPerRequest.toFixed(2)} ms/req`,
      ]),
    });
  }
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** One host count's passes taken together: mean req/s, CPU per request over every request, the worst p99. */
function summary(passes: readonly Pass[]) {
  const requests = sum(passes.map((pass) => pass.requests));
  const perHost = passes[0]!.hostCpuMs.map((_, host) => sum(passes.map((pass) => pass.hostCpuMs[host]!)));
  return {
    requestsPerSecond: mean(passes.map((pass) => pass.requestsPerSecond)),
    cpuPerRequest: sum(perHost) / requests,
    balancerPerRequest: sum(passes.map((pass) => pass.balancerCpuMs)) / requests,
    // The hosts' idle cost spread over the requests of the measured windows.
    idlePerRequest: sum(passes.map((pass) => pass.idleMsPerSecond * pass.seconds)) / requests,
    idleMsPerSecond: mean(passes.map((pass) => pass.idleMsPerSecond)),
    p99: Math.max(...passes.map((pass) => pass.p99)),
    busy: mean(passes.map((pass) => pass.busy)),
    // How the work spread: each host's share of the hosts' CPU.
    shares: perHost.map((ms) => `${((ms / sum(perHost)) * 100).toFixed(0)}%`).join("/"),
  };
}

/**
 * `count` hosts started afresh, each pinned to its share, behind a fresh HAProxy; the mix checked
 * through it (and seen answered by every host), warmed, then measured with the hosts' CPU time read
 * from /proc before and after. Everything is stopped before the next count starts.
 */
async function measureHosts(
  context: SuiteContext,
  count: number,
  cpus: readonly number[],
  { database, mix, load, idleSeconds }: { database: string; mix: ReturnType<typeof caseworkerMix>; load: Load; idleSeconds: number },
): Promise<Pass> {
  if (count > maxHosts) fail(`at most ${maxHosts} hosts`);
  const shares = cpuShares(count, cpus);
  // One after another: each host's start takes the migration lock (with nothing to apply, briefly), and
  // on a loaded machine hosts started at once have timed out waiting for it. Behind HAProxy as deployed.
  // A pool of 10 per host, whatever the count: three hosts at the default 20 (and the other sessions on
  // a shared PostgreSQL) have run past its 100 connections.
  const env = { TRUST_PROXY: "127.0.0.1", DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? "10" };
  const platforms: Platform[] = [];
  for (const share of shares)
    platforms.push(
      // Once more if the start fails: on a shared machine a host has timed out (10 s) waiting for the
      // migration lock with nothing to apply; a second failure fails the run.
      await startPlatform(context.scope, database, { cpus: share, env }).catch((error: Error) => {
        context.log(`a host did not start, starting it again: ${error.message.split("\n").slice(0, 5).join(" ")}`);
        return startPlatform(context.scope, database, { cpus: share, env });
      }),
    );
  const balancer = await startLoadBalancer(
    context.scope,
    platforms.map((platform) => new URL(platform.restBase).host),
    "127.0.0.1:5432",
  );
  try {
    await waitForHostsUp(balancer, count);
    for (const [kind, call] of mix.kinds) {
      const { status, body } = await getJson(balancer.base + call.path, { ...call, headers: { ...call.headers, ...admin } });
      checkAnswer(kind, status, body);
    }
    await servedByEvery(balancer.base, mix.kinds.get("person by id")!, count);
    const groups = platforms.map((platform) => platform.pid);
    // A window without requests: what part of the hosts' time per request is a fixed cost of each host.
    const idleFrom = { ms: groupCpuMs(groups), at: performance.now() };
    await sleep(idleSeconds * 1000);
    const idleMsPerSecond = ((groupCpuMs(groups) - idleFrom.ms) / (performance.now() - idleFrom.at)) * 1000;
    const watch = [...platforms, balancer];
    const pass = (seconds: number) =>
      watched(watch, () => measure(balancer.base, mix.calls, { ...load, seconds, warmupSeconds: 0 }, admin, graphqlFailed));
    const warm = await pass(load.warmupSeconds);
    if (warm.errors) fail(`${count} host(s), warm-up: ${warm.errors} errors (${warm.errorDetail})`);
    const before = { hosts: groups.map((pid) => groupCpuMs([pid])), balancer: groupCpuMs([balancer.pid]), machine: machineTicks() };
    const measured = await pass(load.seconds);
    const after = { hosts: groups.map((pid) => groupCpuMs([pid])), balancer: groupCpuMs([balancer.pid]), machine: machineTicks() };
    if (measured.errors) fail(`${count} host(s): ${measured.errors} errors (${measured.errorDetail})`);
    return {
      hosts: count,
      requests: measured.succeeded,
      seconds: load.seconds,
      requestsPerSecond: measured.requestsPerSecond,
      p99: measured.p99,
      hostCpuMs: after.hosts.map((ms, host) => ms - before.hosts[host]!),
      idleMsPerSecond,
      balancerCpuMs: after.balancer - before.balancer,
      busy: (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
    };
  } finally {
    await balancer.stop();
    await Promise.all(platforms.map((platform) => platform.stop()));
  }
}

/** Asks through HAProxy until every host has answered (its `X-Served-By`): a balancer sending all to one host would measure one host. */
async function servedByEvery(base: string, call: HttpCall, count: number): Promise<void> {
  const seen = new Set<string>();
  for (let attempt = 0; attempt < count * 4 && seen.size < count; attempt++) {
    const response = await fetch(base + call.path, { headers: admin, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    seen.add(response.headers.get("x-served-by") ?? "(none)");
  }
  if (seen.size !== count) fail(`through HAProxy, ${count * 4} requests were answered by ${[...seen].join(", ")}, not by ${count} hosts`);
}
