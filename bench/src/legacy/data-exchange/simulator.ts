import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ControlUpdate } from "@pap/agency-simulator";
import type { KeyCounts, SimulatorRequest, SimulatorStats } from "./simulator-thread";

export type { KeyCounts, SimulatorStats } from "./simulator-thread";

/** The reference agency simulator the benchmark runs in a worker thread (simulator-thread.ts), and its switches. */
export type Simulator = {
  url: string;
  /** `PUT /control`: make the agencies slow (or failing) from now on. */
  control(change: ControlUpdate): Promise<void>;
  /** `DELETE /control`: back to the start-up settings (no latency, no failures). */
  resetControl(): Promise<void>;
  /** Agency requests since the last reading, and the most served at once. */
  stats(): Promise<SimulatorStats>;
  /** What `GET /calls/{key}` says of each key. */
  received(keys: string[]): Promise<KeyCounts>;
  stop(): Promise<void>;
};

type Reply = { id: number; result?: unknown; error?: string };
/** A request to the thread, before it is numbered. */
type Ask = SimulatorRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

export async function startSimulator(): Promise<Simulator> {
  const worker = new Worker(path.join(__dirname, "simulator-thread.js"));
  const url = await new Promise<string>((resolve, reject) => {
    const onMessage = (message: { listening?: string; failed?: string }) => {
      if (message.listening) resolve(message.listening);
      else if (message.failed) reject(new Error(`the agency simulator did not start: ${message.failed}`));
      else return;
      worker.off("message", onMessage);
      worker.off("error", reject);
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });

  let next = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  worker.on("message", (message: Reply) => {
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (message.error !== undefined) call.reject(new Error(message.error));
    else call.resolve(message.result);
  });
  worker.on("error", (error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  const ask = <T>(request: Ask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });

  const controlRequest = async (method: "PUT" | "DELETE", body?: ControlUpdate) => {
    const response = await fetch(`${url}/control`, {
      method,
      ...(body && { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} /control answered ${response.status}: ${await response.text()}`);
  };

  let stopping: Promise<void> | undefined;
  return {
    url,
    control: (change) => controlRequest("PUT", change),
    resetControl: () => controlRequest("DELETE"),
    stats: () => ask<SimulatorStats>({ op: "stats" }),
    received: (keys) => ask<KeyCounts>({ op: "received", keys }),
    stop: () =>
      (stopping ??= (async () => {
        await ask({ op: "stop" }).catch(() => {});
        await worker.terminate();
      })()),
  };
}
