// The platform's launcher as `npm start` runs it (the compiled gateway/dist/main.js; needs the build),
// for the tests of what it starts beside the platform: the reference eligibility adapter, the
// reference agency simulator.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./ports";
import { waitFor } from "./waiting";

const START_BUDGET_MS = Number(process.env.PLATFORM_START_TIMEOUT_MS) || 180_000;

const launched: ChildProcess[] = [];

/**
 * Runs the launcher in single mode against `databaseUrl` and returns its banner line named `name`
 * (`eligibility`, `agencies`) once it is printed, and everything it has printed so far (stdout and
 * stderr, its reference services' included) when `output` is asked. `env` adds to or overrides the
 * test's environment; `budgetMs` is how long the start may take.
 */
export async function launchPlatform(
  databaseUrl: string,
  name: string,
  env: Record<string, string> = {},
  budgetMs = START_BUDGET_MS,
): Promise<{ process: ChildProcess; line: string; output: () => string }> {
  for (let attempt = 1; ; attempt++) {
    const base = {
      ...process.env,
      NODE_OPTIONS: "",
      PLATFORM_MODE: "single",
      DATABASE_URL: databaseUrl,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      APOLLO_TELEMETRY_DISABLED: "true",
    };
    try {
      return await launchWith({ ...base, ...env }, name, budgetMs);
    } catch (error) {
      // The port was free when chosen, but another process (the platform's own reference services
      // among them) may take it before the platform binds it: then it is chosen again.
      if (env.PORT !== undefined || attempt === 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

/** Runs the launcher with exactly `env` (nothing of the test's own) until its banner line named `name` is printed. */
export async function launchWith(
  env: NodeJS.ProcessEnv,
  name: string,
  budgetMs = START_BUDGET_MS,
): Promise<{ process: ChildProcess; line: string; output: () => string }> {
  const { process: child, output } = spawnLauncher(env);
  return { process: child, line: await bannerLine(child, output, name, budgetMs), output };
}

/**
 * Starts the launcher with exactly `env` and returns at once, with everything it prints (stdout and
 * stderr) as it prints it: for a test that watches a start before it is done (or that never is).
 */
export function spawnLauncher(env: NodeJS.ProcessEnv): { process: ChildProcess; output: () => string } {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(__dirname, "../../gateway/dist/main.js")], { env, stdio: ["ignore", "pipe", "pipe"] });
  launched.push(child);
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return { process: child, output: () => output.join("") };
}

/** Waits for a launched platform's banner line named `name` and returns it; fails if the platform exits first. */
export async function bannerLine(child: ChildProcess, output: () => string, name: string, budgetMs = START_BUDGET_MS): Promise<string> {
  const line = () =>
    output()
      .split("\n")
      .find((text) => text.trimStart().startsWith(`${name} `));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode}) before printing its banner:\n${output()}`);
      return line() !== undefined;
    },
    `the banner's ${name} line`,
    budgetMs,
    100,
  );
  return line()!;
}

/** Stops a launched platform (SIGTERM, as Ctrl-C would) and waits for it to exit. */
export const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()).kill("SIGTERM"));

/** Stops every platform this test file launched (its afterAll). */
export const stopLaunched = () => Promise.all(launched.map(stopped));

/** Whether something answers 200 at the URL's /healthz. */
export const answers = (url: string) =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );
