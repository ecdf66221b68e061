import { spawn, type ChildProcess } from "node:child_process";

/** A server the benchmark started as a child process, and what it printed. */
export type ServerProcess = {
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

export type ServerLaunch = {
  /** Named in errors ("single", "floor"). */
  name: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** URLs that must answer 200 before the server counts as ready. */
  probes: string[];
  /** Printed once the server (all its workers) listens. */
  banner: RegExp;
  startTimeoutMs: number;
};

// Short: a graceful stop takes milliseconds when it works, and the run has a time budget to keep.
const stopTimeoutMs = 5_000;

/**
 * Spawns a Node.js server in its own process group: the load generator must not share the server's
 * event loop, or it would measure itself, and stopping the group also stops any workers it forked.
 */
export async function spawnServer(launch: ServerLaunch): Promise<ServerProcess> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, launch.args, { cwd: launch.cwd, env: launch.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });

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
  const server: ServerProcess = {
    output: () => lines.slice(-40).join("\n"),
    linesPrinted: () => printed,
    lastLines: (count) => (count > 0 ? lines.slice(-count) : []),
    exit: () => exitedWith,
    stop: () => (stopping ??= stopGroup(child, exited)),
    startSeconds: 0,
  };

  try {
    await Promise.race([
      waitUntilServing(launch, server),
      exited.then(() => {
        throw new Error(`${launch.name}: the server exited (${exitedWith}) before it was ready`);
      }),
    ]);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`);
  }
  server.startSeconds = (Date.now() - spawnedAt) / 1000;
  return server;
}

/**
 * Ready means every probe answers 200 and the banner has been printed: in cluster mode the first
 * worker answers health checks before the second listens, and the banner comes once all of them do.
 */
async function waitUntilServing(launch: ServerLaunch, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + launch.startTimeoutMs;
  for (const url of launch.probes) {
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`${launch.name}: ${url} did not answer 200 within ${launch.startTimeoutMs / 1000} s`);
      await sleep(100);
    }
  }
  while (!launch.banner.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`${launch.name}: healthy, but no banner (${launch.banner}) within ${launch.startTimeoutMs / 1000} s`);
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
