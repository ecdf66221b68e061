#!/usr/bin/env node
/**
 * `node scripts/node-check.mjs`: the short check of one Node.js release, the one running this script
 * (`.ci/run` runs it with each release the platform supports besides the one the whole suite runs on;
 * docs/testing.md#nodejs-releases). In order, each step failing ends it with exit 1:
 *
 * 1. the release satisfies the root package.json's `engines`;
 * 2. build and type checks (`turbo run build typecheck`), with this release first on PATH so that
 *    turbo's tasks run on it too;
 * 3. `node gateway/dist/main.js` on embedded PostgreSQL (PGlite, in a fresh folder) until `/readyz` answers 200;
 * 4. one walk over REST: a development token, an application created, a member added, the application
 *    submitted and read back as `submitted`, then the same application through GraphQL;
 * 5. the platform stopped with SIGTERM, and its exit awaited.
 *
 * `--skip-build` leaves out step 2 (the dist folders must already be built, by this release or another).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const release = process.versions.node;
const startLimitMs = 180_000;

function step(name) {
  process.stdout.write(`[node ${release}] ${name}\n`);
}

/** Ends the check: the `finally` below still stops the platform before the process exits 1. */
function fail(message) {
  throw new Error(message);
}

/** Whether `version` is inside one of the `||`-joined ranges, each `^X.Y[.Z]` or `>=X[.Y[.Z]]`. */
export function satisfiesEngines(version, ranges) {
  const numbers = (text) => text.split(".").map(Number);
  const compare = (a, b) => {
    for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  const actual = numbers(version);
  return ranges.split("||").some((range) => {
    const text = range.trim();
    if (text.startsWith(">=")) return compare(actual, numbers(text.slice(2))) >= 0;
    if (text.startsWith("^")) {
      const floor = numbers(text.slice(1));
      return actual[0] === floor[0] && compare(actual, floor) >= 0;
    }
    throw new Error(`engines range "${text}" is neither ^X.Y nor >=X: teach scripts/node-check.mjs to read it`);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(base, platform) {
  const deadline = Date.now() + startLimitMs;
  while (Date.now() < deadline) {
    if (platform.exitCode !== null) fail(`the platform exited with ${platform.exitCode} before it was ready`);
    const status = await fetch(`${base}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`/readyz did not answer 200 within ${startLimitMs / 1000} s`);
}

async function call(base, method, route, token, body) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, body: json, text };
}

async function expectStatus(answer, status, what) {
  const response = await answer;
  if (response.status !== status) fail(`${what}: expected ${status}, got ${response.status} ${response.text.slice(0, 500)}`);
  return response.body;
}

async function walk(base) {
  const { token } = await expectStatus(call(base, "GET", "/dev/token?role=case_worker"), 200, "a development token");
  // Medicaid has no filing minimum: one member is enough to submit.
  const application = await expectStatus(
    call(base, "POST", "/intake/applications", token, { programs: ["medicaid"] }),
    201,
    "creating an application",
  );
  const route = `/intake/applications/${application.id}`;
  await expectStatus(
    call(base, "POST", `${route}/members`, token, {
      roles: ["primary_applicant"],
      contact: { name: { firstName: "Ana", lastName: "Lopez" } },
      personalInformation: { dateOfBirth: "1990-04-02" },
    }),
    201,
    "adding a member",
  );
  const submitted = await expectStatus(call(base, "POST", `${route}/submit`, token), 200, "submitting it");
  if (submitted.status !== "submitted") fail(`the submitted application's status is ${submitted.status}`);
  const read = await expectStatus(call(base, "GET", route, token), 200, "reading it back");
  if (read.status !== "submitted") fail(`read back with status ${read.status}`);
  const members = await expectStatus(call(base, "GET", `${route}/members`, token), 200, "listing its members");
  if (members.items?.length !== 1) fail(`listed members: ${JSON.stringify(members).slice(0, 500)}`);
  const graph = await expectStatus(
    call(base, "POST", "/graphql", token, {
      query: "query ($id: ID!) { application(id: $id) { status members { roles } } }",
      variables: { id: application.id },
    }),
    200,
    "the application through GraphQL",
  );
  const seen = graph.data?.application;
  if (seen?.status !== "submitted" || seen.members?.[0]?.roles?.[0] !== "primary_applicant") {
    fail(`GraphQL answered ${JSON.stringify(graph)}`);
  }
}

async function main() {
  const { engines } = JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8"));
  step(`engines "${engines.node}"`);
  if (!satisfiesEngines(release, engines.node)) fail(`${release} is outside the engines range "${engines.node}"`);

  if (!process.argv.includes("--skip-build")) {
    step("build and type checks");
    const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`;
    const built = spawnSync("npx", ["turbo", "run", "build", "typecheck", "--output-logs=errors-only"], {
      cwd: repository,
      stdio: "inherit",
      env: { ...process.env, PATH, TURBO_TELEMETRY_DISABLED: "1" },
    });
    if (built.status !== 0) fail("build or type checks");
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), "pap-node-check-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  step(`npm start's process on ${base}, data in ${dataDir}`);
  // The embedded default: no DATABASE_URL, development authentication.
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const platform = spawn(process.execPath, [path.join(repository, "gateway/dist/main.js")], {
    cwd: repository,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      CONTENT_DIRECTORY: path.join(dataDir, "content"),
      NODE_ENV: "development",
      APOLLO_TELEMETRY_DISABLED: "true",
    },
  });
  const exited = new Promise((resolve) => platform.once("exit", resolve));
  try {
    await waitUntilReady(base, platform);
    step("ready; walking an application: create → member → submit");
    await walk(base);
    step("walk done");
  } finally {
    platform.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  step("stopped: passed");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`[node ${release}] FAILED: ${error.message}\n`);
    process.exit(1);
  });
}
