import { fork, type ChildProcess } from "node:child_process";
import { gatherMetricsOf, metricsParentEnv, readSetting, type Logger } from "@pap/core";

/** Child processes of the distributed launcher: started together, stopped together, their metrics gathered by the launcher. */
export class ProcessGroup {
  private readonly children: ChildProcess[] = [];
  private stopping = false;

  constructor(private readonly logger: Logger) {}

  start(name: string, script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
    const child = fork(script, args, { env: { ...process.env, ...env, ...metricsParentEnv }, stdio: "inherit" });
    gatherMetricsOf(child);
    child.on("exit", (code, signal) => {
      if (this.stopping) return;
      this.logger.error(`${name} exited (${signal ?? code}); stopping the platform`);
      void this.stop().then(() => process.exit(1));
    });
    this.children.push(child);
    return child;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
  }
}

/**
 * How long a child process has to answer its health check (`PLATFORM_START_TIMEOUT_MS`): starting a
 * Node process that builds a GraphQL schema can take a minute on a busy small machine.
 */
const startTimeoutMs = () => readSetting("PLATFORM_START_TIMEOUT_MS");

/**
 * Resolves when a child says it is wholly ready (`{ ready: true }` over IPC): a process whose port
 * answers before all of its work is in place (a gateway with several copies, one still starting).
 */
export function untilReported(child: ChildProcess, name: string, timeoutMs = startTimeoutMs()): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not report ready within ${timeoutMs} ms`)), timeoutMs);
    child.on("message", (message: { ready?: unknown }) => {
      if (message?.ready !== true) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Polls a health URL until it answers 200, so URLs are printed only once they work. */
export async function waitUntilHealthy(url: string, timeoutMs = startTimeoutMs()): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
