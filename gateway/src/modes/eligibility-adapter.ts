import { fork, type ChildProcess } from "node:child_process";
import type { Logger } from "@pap/kernel";
import { waitUntilHealthy } from "./children";

/** The eligibility adapter the platform's processes call, and how to stop it if the launcher started it. */
export type EligibilityAdapter = { url: string; reference: boolean; stop(): Promise<void> };

const startTimeoutMs = 60_000;

/**
 * The adapter named by `ELIGIBILITY_ADAPTER_URL` (a state's own rules engine), or else the reference
 * adapter (`@pap/eligibility-reference`) started here as a child process, in every mode. It listens
 * on `ELIGIBILITY_ADAPTER_PORT`, by default a port the system picks, so no mode's ports can collide
 * with it. The launcher sets `ELIGIBILITY_ADAPTER_URL` before any other process starts, so every
 * process of the platform inherits the same address.
 */
export async function startEligibilityAdapter(env: NodeJS.ProcessEnv, host: string, logger: Logger): Promise<EligibilityAdapter> {
  const configured = env.ELIGIBILITY_ADAPTER_URL?.trim();
  if (configured) return { url: configured.replace(/\/+$/, ""), reference: false, stop: async () => {} };

  const child = fork(require.resolve("@pap/eligibility-reference/dist/main.js"), [], {
    env: { ...env, PORT: env.ELIGIBILITY_ADAPTER_PORT ?? "0", HOST: host, LOG_LEVEL: env.LOG_LEVEL === "debug" ? "debug" : "warn" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  let stopping = false;
  const url = await listeningUrl(child);
  await waitUntilHealthy(`${url}/healthz`, startTimeoutMs);
  // The platform keeps serving without it: decisions wait, and its client retries, until an adapter answers again.
  child.on("exit", (code, signal) => stopping || logger.error(`the reference eligibility adapter exited (${signal ?? code})`));
  env.ELIGIBILITY_ADAPTER_URL = url;
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

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the reference eligibility adapter did not start within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the reference eligibility adapter exited (${signal ?? code}) before it listened`));
    });
    child.on("message", (message: { listening?: string }) => {
      if (typeof message?.listening !== "string") return;
      clearTimeout(timer);
      child.removeAllListeners("exit");
      resolve(message.listening);
    });
  });
}
