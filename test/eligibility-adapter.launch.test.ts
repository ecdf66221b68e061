// The platform's launcher (the compiled gateway/dist/main.js; needs the build) starts the reference
// eligibility adapter beside the platform unless ELIGIBILITY_ADAPTER_URL names another one: the
// banner prints its address, it answers the adapter contract there, and it stops with the platform.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { waitFor } from "./support/live";
import { createTestDatabase } from "./support/platform";
import { freePort } from "./support/ports";

const START_BUDGET_MS = Number(process.env.PLATFORM_START_TIMEOUT_MS) || 180_000;

let databaseUrl: string;
const children: ChildProcess[] = [];

/** Runs the launcher in single mode and returns the banner's eligibility line once it is printed. */
async function launch(env: Record<string, string> = {}): Promise<{ process: ChildProcess; eligibilityLine: string }> {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(__dirname, "../gateway/dist/main.js")], {
    env: { ...process.env, NODE_OPTIONS: "", PLATFORM_MODE: "single", DATABASE_URL: databaseUrl, PORT: String(await freePort()), HOST: "127.0.0.1", LOG_LEVEL: "silent", APOLLO_TELEMETRY_DISABLED: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const line = () => output.join("").split("\n").find((text) => text.trimStart().startsWith("eligibility "));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode}) before printing its banner:\n${output.join("")}`);
      return line() !== undefined;
    },
    "the banner's eligibility line",
    START_BUDGET_MS,
    100,
  );
  return { process: child, eligibilityLine: line()! };
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()).kill("SIGTERM"));

const answers = (url: string) =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

beforeAll(async () => {
  databaseUrl = await createTestDatabase("eligibility_launch");
});
afterAll(() => Promise.all(children.map(stopped)));

describe("the reference eligibility adapter beside the platform", () => {
  it("is started, answers the adapter contract at the printed address, and stops with the platform", async () => {
    const { process: platform, eligibilityLine } = await launch();
    const url = eligibilityLine.match(/http:\/\/\S+/)?.[0];
    expect(eligibilityLine).toContain("reference adapter");
    expect(url).toBeDefined();

    const metadata = { decisionId: "4a1f2b3c-0000-4000-8000-000000000001", attempt: 1 };
    const response = await fetch(`${url}/evaluate/expedited-screening`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ metadata, household: { roomers: [] } }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { metadata: unknown; expedited: unknown };
    expect(answer.metadata).toEqual(metadata);
    expect(typeof answer.expedited).toBe("boolean");

    await stopped(platform);
    await waitFor(async () => !(await answers(url!)), "the adapter to stop with the platform", 30_000, 100);
  });

  it("is not started when ELIGIBILITY_ADAPTER_URL names the state's own adapter", async () => {
    const own = `http://127.0.0.1:${await freePort()}`;
    const { process: platform, eligibilityLine } = await launch({ ELIGIBILITY_ADAPTER_URL: `${own}/` });
    expect(eligibilityLine.trim()).toBe(`eligibility ${own} (ELIGIBILITY_ADAPTER_URL)`);
    expect(await answers(own)).toBe(false);
    await stopped(platform);
  });
});
