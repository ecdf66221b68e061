import { fork, type ChildProcess } from "node:child_process";
import type { Logger } from "@pap/core";
import { waitUntilHealthy } from "./children";

/** A reference service the platform's processes call, and how to stop it if the launcher started it. */
export type ReferenceProcess = { url: string; reference: boolean; stop(): Promise<void> };

export type ReferenceProcessOptions = {
  /** How messages name it: "the reference eligibility adapter". */
  name: string;
  /** The package entry that runs it, resolved from here: "@pap/eligibility-reference/dist/main.js". */
  module: string;
  /** The variable that names a real service instead; set to the child's address when one is started. */
  urlEnv: string;
  /** The variable that chooses the child's port (default: one the system picks). */
  portEnv: string;
  env: NodeJS.ProcessEnv;
  host: string;
  logger: Logger;
};

const startTimeoutMs = 60_000;

/**
 * The service named by `env[urlEnv]`, or else the reference one started here as a child process, on
 * `env[portEnv]` (by default a port the system picks, so no mode's ports can collide with it). The
 * launcher calls this before any other process starts and it sets `env[urlEnv]`, so every process of
 * the platform inherits the same address. The child listens, says where over IPC, answers `/healthz`,
 * and stops when the launcher does (it watches its IPC channel).
 */
export async function startReferenceProcess(options: ReferenceProcessOptions): Promise<ReferenceProcess> {
  const { name, env, logger } = options;
  const configured = env[options.urlEnv]?.trim();
  if (configured) return { url: configured.replace(/\/+$/, ""), reference: false, stop: async () => {} };

  const child = fork(require.resolve(options.module), [], {
    env: { ...env, PORT: env[options.portEnv] ?? "0", HOST: options.host, LOG_LEVEL: env.LOG_LEVEL === "debug" ? "debug" : "warn" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  let stopping = false;
  const url = await listeningUrl(child, name);
  await waitUntilHealthy(`${url}/healthz`, startTimeoutMs);
  // The platform keeps serving without it: its clients retry until the service answers again.
  child.on("exit", (code, signal) => stopping || logger.error(`${name} exited (${signal ?? code})`));
  env[options.urlEnv] = url;
  return {
    url,
    reference: true,
    stop: () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
}

function listeningUrl(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not start within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it listened`));
    });
    child.on("message", (message: { listening?: string }) => {
      if (typeof message?.listening !== "string") return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve(message.listening);
    });
  });
}
