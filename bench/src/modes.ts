import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { ModeName } from "./settings";

export type RunningMode = {
  mode: ModeName;
  /** Where /graphql is served. */
  graphqlBase: string;
  /** Where the REST surface is served (a separate process in distributed mode). */
  restBase: string;
  /** The last lines the server printed, for failure reports. */
  output(): string;
  /** Lines printed so far; at LOG_LEVEL=warn any line printed under load is a warning worth showing. */
  linesPrinted(): number;
  /** The last `count` lines printed. */
  lastLines(count: number): string[];
  /** Set when the server exited on its own (a crash under load must not pass as a slow run). */
  exit(): string | null;
  /** Stops the server; repeated calls return the first outcome. */
  stop(): Promise<StopOutcome>;
  /** Seconds from spawning to serving. */
  startSeconds: number;
};

export type StopOutcome = { seconds: number; killed: boolean };

const startTimeoutMs = 90_000;
// Short: a graceful stop takes milliseconds when it works, and the run has a time budget to keep.
const stopTimeoutMs = 5_000;

/**
 * Starts the platform as `npm start` would, in a child process: the load generator must not share
 * the server's event loop, or it would measure itself. Its own process group, so stopping it also
 * stops the cluster workers and the distributed children.
 */
export async function startMode(mode: ModeName, options: { repositoryRoot: string; databaseUrl: string; port: number }): Promise<RunningMode> {
  const main = path.join(options.repositoryRoot, "gateway", "dist", "main.js");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(options.port),
    DATABASE_URL: options.databaseUrl,
    // warn: per-request info logs would make logging the thing being measured.
    LOG_LEVEL: "warn",
    // What production runs with (Apollo, for one, changes behaviour on it).
    NODE_ENV: "production",
    CLUSTER_WORKERS: "2",
  };
  // The mode comes from the flag only; an inherited PLATFORM_MODE or PGlite directory must not leak in.
  delete env.PLATFORM_MODE;
  delete env.PGLITE_DATA_DIR;
  // Development-mode authentication, so the load generator can ask the platform itself for a token.
  for (const name of ["AUTH_MODE", "AUTH_SECRET", "AUTH_JWKS_URI", "AUTH_PUBLIC_KEY", "AUTH_ISSUER", "AUTH_AUDIENCE"]) delete env[name];
  const args = mode === "single" ? [main] : [main, `--mode=${mode}`];
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, args, { cwd: options.repositoryRoot, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });

  const lines: string[] = [];
  let printed = 0;
  const keep = (chunk: Buffer) => {
    const added = chunk.toString("utf8").split("\n").filter(Boolean);
    printed += added.length;
    lines.push(...added);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let exitedWith: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exitedWith = signal ?? `exit code ${code}`;
      resolve();
    }),
  );

  let stopping: Promise<StopOutcome> | undefined;
  const base = `http://127.0.0.1:${options.port}`;
  const running: RunningMode = {
    mode,
    graphqlBase: base,
    restBase: mode === "distributed" ? `http://127.0.0.1:${options.port + 10}` : base,
    output: () => lines.slice(-40).join("\n"),
    linesPrinted: () => printed,
    lastLines: (count) => (count > 0 ? lines.slice(-count) : []),
    exit: () => exitedWith,
    stop: () => (stopping ??= stopGroup(child, exited)),
    startSeconds: 0,
  };

  try {
    await Promise.race([
      waitUntilServing(running),
      exited.then(() => {
        throw new Error(`${mode}: the server exited (${exitedWith}) before it was ready`);
      }),
    ]);
  } catch (error) {
    await running.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${running.output()}`);
  }
  running.startSeconds = (Date.now() - spawnedAt) / 1000;
  return running;
}

/**
 * Ready means every face answers /healthz and /readyz, and the launcher has printed its banner: in
 * cluster mode the first worker answers health checks before the second listens, and the banner is
 * printed only once all of them do.
 */
async function waitUntilServing(running: RunningMode): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  const probes = [...new Set([running.graphqlBase, running.restBase])].flatMap((base) => [`${base}/healthz`, `${base}/readyz`]);
  for (const url of probes) {
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`${running.mode}: ${url} did not answer 200 within ${startTimeoutMs / 1000} s`);
      await sleep(100);
    }
  }
  while (!/is running/i.test(running.output())) {
    if (Date.now() > deadline) throw new Error(`${running.mode}: healthy, but no "is running" banner within ${startTimeoutMs / 1000} s`);
    await sleep(100);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group (graceful stop), SIGKILL if it lingers, so no process outlives the run. */
async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<StopOutcome> {
  const started = Date.now();
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is already gone
    }
  };
  signalGroup("SIGTERM");
  // The whole group, not only the launcher: a cluster worker or distributed child stuck in its stop holds resources too.
  while (groupAlive(child.pid!) && Date.now() - started < stopTimeoutMs) await sleep(50);
  const killed = groupAlive(child.pid!);
  // Reported by the caller: an orchestrator would hit the same wall and kill the pod the same way.
  if (killed) signalGroup("SIGKILL");
  await exited;
  return { seconds: (Date.now() - started) / 1000, killed };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
