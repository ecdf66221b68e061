// The distributed deployment's processes reaching one another over https://: a gateway whose
// SUBGRAPH_URLS are https, and a REST process whose GRAPHQL_URL is, each through a real TLS
// terminator (as HAProxy would stand there) with a self-signed certificate made for the test. A process
// that trusts the certificate (NODE_EXTRA_CA_CERTS) answers; one that does not says so, at once.
// Needs the build (the processes run gateway/dist).
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { adminHeaders } from "../support/auth";
import { startDistributedForTest, type RunningDistributed } from "../support/distributed";
import { httpClient } from "../support/platform";
import { freePort } from "../support/ports";
import { selfSignedCertificate, TlsTerminator } from "../support/tls";
import { waitFor } from "../support/waiting";

const entryPoints = path.join(__dirname, "../../gateway/dist/modes");

let running: RunningDistributed | undefined;
let restore = () => {};
const terminators: TlsTerminator[] = [];
const children: Array<{ process: ChildProcess; output: () => string }> = [];
const certificate = selfSignedCertificate();

/** A TLS terminator in front of a plain http:// URL, and the https:// URL that reaches it. */
async function overTls(url: string): Promise<{ url: string; terminator: TlsTerminator }> {
  const plain = new URL(url);
  const terminator = new TlsTerminator({ host: plain.hostname, port: Number(plain.port) }, certificate);
  terminators.push(terminator);
  const port = await terminator.listen();
  return { url: `https://127.0.0.1:${port}${plain.pathname}`, terminator };
}

/** One of the distributed mode's entry points on a port of its own, answering its health check; its log kept. */
async function startProcess(script: string, env: Record<string, string>): Promise<{ url: string; output: () => string }> {
  const port = await freePort();
  const { NODE_EXTRA_CA_CERTS: _inherited, ...inherited } = process.env;
  const child = fork(path.join(entryPoints, script), [], {
    env: { ...inherited, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const entry = { process: child, output: () => output.join("") };
  children.push(entry);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}):\n${entry.output()}`);
      return fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
    },
    `${script} to answer`,
    120_000,
    100,
  );
  return { url, output: entry.output };
}

const subgraphTerminators: Record<string, TlsTerminator> = {};
let gatewayTerminator: TlsTerminator;
let trusting: { gateway: string; rest: string };
let distrusting: { gateway: { url: string; output: () => string }; rest: { url: string; output: () => string } };

beforeAll(async () => {
  ({ running, restore } = await startDistributedForTest("https"));
  const subgraphUrls: Record<string, string> = {};
  for (const [key, url] of Object.entries(running.urls)) {
    if (!key.startsWith("subgraph ")) continue;
    const name = key.slice("subgraph ".length);
    const secured = await overTls(url);
    subgraphUrls[name] = secured.url;
    subgraphTerminators[name] = secured.terminator;
  }
  const trust = { NODE_EXTRA_CA_CERTS: certificate.certFile };
  const [gateway, untrustingGateway] = await Promise.all([
    startProcess("gateway-process.js", { SUBGRAPH_URLS: JSON.stringify(subgraphUrls), ...trust }),
    startProcess("gateway-process.js", { SUBGRAPH_URLS: JSON.stringify(subgraphUrls) }),
  ]);
  const securedGateway = await overTls(`${gateway.url}/graphql`);
  gatewayTerminator = securedGateway.terminator;
  const [rest, untrustingRest] = await Promise.all([
    startProcess("rest-process.js", { GRAPHQL_URL: securedGateway.url, ...trust }),
    startProcess("rest-process.js", { GRAPHQL_URL: securedGateway.url }),
  ]);
  trusting = { gateway: gateway.url, rest: rest.url };
  distrusting = { gateway: untrustingGateway, rest: untrustingRest };
}, 300_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      ({ process: child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve()).kill("SIGTERM");
        }),
    ),
  );
  await Promise.all(terminators.map((terminator) => terminator.close()));
  await running?.stop();
  restore();
}, 120_000);

describe("https:// between the processes", () => {
  it("a REST call reaches the gateway over TLS, and a federated query reaches the subgraphs over TLS", async () => {
    const rest = httpClient(trusting.rest);
    const person = await rest.post("/persons", { name: { firstName: "Ana", lastName: "Lopez" }, dateOfBirth: "1990-04-02" });
    expect(person.status).toBe(201);
    const created = await rest.post("/case-management/cases", {
      primaryApplicantId: person.body.id,
      members: [{ personId: person.body.id, relationship: "self" }],
    });
    expect(created.status).toBe(201);
    expect((await rest.get(`/persons/${person.body.id}`)).body).toMatchObject({ id: person.body.id });

    // persons → case management, both behind TLS.
    const walked = await httpClient(trusting.gateway).graphql("query ($id: ID!) { person(id: $id) { id cases { id status } } }", {
      id: person.body.id,
    });
    expect(walked.errors).toBeUndefined();
    expect(walked.data.person).toEqual({ id: person.body.id, cases: [{ id: created.body.id, status: expect.any(String) }] });
    expect(gatewayTerminator.sessions).toBeGreaterThan(0);
    expect(subgraphTerminators.persons!.sessions).toBeGreaterThan(0);
    expect(subgraphTerminators["case-management"]!.sessions).toBeGreaterThan(0);
  });

  it("a process that does not trust the certificate refuses it at once and says why", async () => {
    const untrusted = /TLS certificate is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT.*NODE_EXTRA_CA_CERTS/;

    const query = await fetch(`${distrusting.gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await adminHeaders()) },
      body: JSON.stringify({ query: "{ persons { total } }" }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await query.json()) as { data?: unknown; errors?: Array<{ message: string; extensions: { code: string } }> };
    expect(answer.errors?.[0]?.extensions.code).toBe("INTERNAL_ERROR");
    await waitFor(() => untrusted.test(distrusting.gateway.output()), "the gateway to log the refused certificate");

    const call = await fetch(`${distrusting.rest.url}/persons`, {
      headers: await adminHeaders(),
      signal: AbortSignal.timeout(10_000),
    });
    expect(call.status).toBe(500);
    expect(((await call.json()) as { code: string }).code).toBe("INTERNAL_ERROR");
    await waitFor(() => untrusted.test(distrusting.rest.output()), "the REST process to log the refused certificate");
  });

  it("a CA file that cannot be read stops the process's start with its name", async () => {
    const child = fork(path.join(entryPoints, "gateway-process.js"), [], {
      env: { ...process.env, PORT: String(await freePort()), SUBGRAPH_URLS: "{}", NODE_EXTRA_CA_CERTS: "/nonexistent/ca.pem" },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    let output = "";
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("NODE_EXTRA_CA_CERTS (/nonexistent/ca.pem) cannot be read (ENOENT)");
  });
});
