import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, createWriteStream, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/** A process of the topology, its output in a log file of the run (kept for a failed run's reading). */
export type Started = { name: string; child: ChildProcess; logPath: string; log(): string; exited(): boolean };

const running = new Set<Started>();

/** The process groups this run started, so the next run can stop what a killed run left behind. */
const LEFTOVERS = "/tmp/pap-ha-process-groups";

export function stopLeftovers(): void {
  if (!existsSync(LEFTOVERS)) return;
  for (const group of readFileSync(LEFTOVERS, "utf8").split("\n").filter(Boolean)) {
    try {
      process.kill(-Number(group), "SIGKILL");
    } catch {
      // Gone already.
    }
  }
  rmSync(LEFTOVERS);
}

export function startProcess(
  name: string,
  command: string[],
  options: { env?: NodeJS.ProcessEnv; logDirectory: string; cwd?: string },
): Started {
  const logPath = path.join(options.logDirectory, `${name}.log`);
  const log = createWriteStream(logPath, { flags: "a" });
  // Its own process group, so a kill reaches what `ip netns exec` and `runuser` start beneath it.
  const child = spawn(command[0]!, command.slice(1), {
    env: options.env ?? process.env,
    cwd: options.cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  appendFileSync(LEFTOVERS, `${child.pid}\n`);
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const started: Started = {
    name,
    child,
    logPath,
    log: () => readFileSync(logPath, "utf8"),
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
  running.add(started);
  child.once("exit", () => running.delete(started));
  return started;
}

/** Every process of the group, at once, with no chance to finish anything: a host's power cut. */
export function killHard(started: Started): Promise<void> {
  if (started.exited()) return Promise.resolve();
  const exited = new Promise<void>((resolve) => started.child.once("exit", () => resolve()));
  try {
    process.kill(-started.child.pid!, "SIGKILL");
  } catch {
    // Already gone.
  }
  return exited;
}

/** Asks the group to stop (SIGTERM), and kills it if it has not within `graceMs`. */
export async function stopGently(started: Started, graceMs = 15_000): Promise<void> {
  if (started.exited()) return;
  const exited = new Promise<void>((resolve) => started.child.once("exit", () => resolve()));
  try {
    process.kill(-started.child.pid!, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => void killHard(started), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Whatever the run still has running (a failed run's teardown). */
export const stopEverything = () => Promise.all([...running].map((started) => killHard(started)));
