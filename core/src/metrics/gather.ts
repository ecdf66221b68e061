import type { ChildProcess } from "node:child_process";
import type { Worker } from "node:cluster";
import { combinedText, processMetrics, setMetricsService, type ProcessMetrics } from "./platform-view";

/**
 * A scrape of any process returns the whole platform's figures: the processes pass their series over
 * the IPC channel each launcher already has with the processes it started (forked children in
 * distributed mode, node:cluster workers in cluster mode and behind a multi-copy gateway). They form
 * a tree with the launcher at its root. A process asked for the platform's metrics asks its parent,
 * up to the root; the root asks each child for its series and its own children's, and combines them
 * all (`combinedText`). A process that does not answer in time is left out of that scrape, not waited
 * for.
 */
type MetricsMessage =
  | { pap: "metrics:collect"; id: number; budgetMs: number }
  | { pap: "metrics:collected"; id: number; processes: ProcessMetrics[] }
  | { pap: "metrics:platform"; id: number }
  | { pap: "metrics:platform-text"; id: number; text?: string };

type Outgoing = MetricsMessage extends infer Message ? (Message extends { id: number } ? Omit<Message, "id"> : never) : never;

type Channel = { send(message: MetricsMessage): void; connected(): boolean };

/** Set by a launcher in the environment of the processes it starts: their parent gathers their metrics. */
const PARENT_VARIABLE = "PAP_METRICS_PARENT";
export const metricsParentEnv: Readonly<Record<string, string>> = { [PARENT_VARIABLE]: "1" };

/** How long the root waits for its children; each level below gives its own children half of what it was given. */
const SCRAPE_BUDGET_MS = 4_000;

const children = new Set<Channel>();
let parent: Channel | undefined;
const pending = new Map<number, (reply: MetricsMessage) => void>();
let lastId = 0;

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { pap?: unknown }).pap === "string" &&
  (message as { pap: string }).pap.startsWith("metrics:");

/** Sends a request and resolves with its reply, or undefined once the time is up or the channel is gone. */
function ask(channel: Channel, request: Outgoing, timeoutMs: number): Promise<MetricsMessage | undefined> {
  const id = ++lastId;
  return new Promise((resolve) => {
    const timer = setTimeout(() => answered(undefined), timeoutMs);
    const answered = (reply: MetricsMessage | undefined) => {
      clearTimeout(timer);
      pending.delete(id);
      resolve(reply);
    };
    pending.set(id, answered);
    channel.send({ ...request, id } as MetricsMessage);
  });
}

const settle = (reply: MetricsMessage) => pending.get(reply.id)?.(reply);

/** This process's series and those of every process below it. */
async function collectAll(budgetMs: number): Promise<ProcessMetrics[]> {
  const asked = [...children]
    .filter((child) => child.connected())
    .map((child) => ask(child, { pap: "metrics:collect", budgetMs: budgetMs / 2 }, budgetMs));
  const [own, ...replies] = await Promise.all([processMetrics(), ...asked]);
  return [own, ...replies.flatMap((reply) => (reply?.pap === "metrics:collected" ? reply.processes : []))];
}

/** The whole platform's metrics in the text format, whichever process is scraped. */
export async function platformMetricsText(): Promise<string> {
  if (parent?.connected()) {
    const reply = await ask(parent, { pap: "metrics:platform" }, SCRAPE_BUDGET_MS * 2);
    if (reply?.pap === "metrics:platform-text" && reply.text !== undefined) return reply.text;
  }
  // The root, or a process whose launcher no longer answers: what this process and those below it know.
  return combinedText(await collectAll(SCRAPE_BUDGET_MS));
}

/** This process's own series alone, labelled as in the platform's view. */
export async function processMetricsText(): Promise<string> {
  return combinedText([await processMetrics()]);
}

/**
 * Names this process's part of the platform (`setMetricsService`) and, when its launcher gathers
 * metrics (`metricsParentEnv`), answers the launcher's requests for them.
 */
export function joinPlatformMetrics(service: string): void {
  setMetricsService(service);
  if (parent || process.env[PARENT_VARIABLE] !== "1" || !process.send) return;
  const channel: Channel = {
    // The callback turns a send on a closed channel into nothing instead of an 'error' event.
    send: (message) => void process.send?.(message, undefined, {}, () => {}),
    connected: () => process.connected,
  };
  parent = channel;
  process.on("message", (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.pap === "metrics:platform-text") settle(message);
    else if (message.pap === "metrics:collect") {
      const { id, budgetMs } = message;
      // A series whose reading failed must not take the process down: the parent gets nothing of it this time.
      void collectAll(budgetMs)
        .catch(() => [])
        .then((processes) => channel.send({ pap: "metrics:collected", id, processes }));
    }
  });
}

/**
 * Counts a process this one started among those whose metrics it gathers (start it with
 * `metricsParentEnv`), and answers that process's requests for the platform's figures.
 */
export function gatherMetricsOf(child: ChildProcess | Worker): void {
  const channel: Channel =
    "isConnected" in child
      ? { send: (message) => void child.send(message, undefined, () => {}), connected: () => child.isConnected() }
      : { send: (message) => void child.send(message, undefined, {}, () => {}), connected: () => child.connected };
  children.add(channel);
  child.on("message", (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.pap === "metrics:collected") settle(message);
    else if (message.pap === "metrics:platform") {
      const { id } = message;
      void platformMetricsText()
        .catch(() => undefined)
        .then((text) => channel.send({ pap: "metrics:platform-text", id, text }));
    }
  });
  child.once("exit", () => children.delete(channel));
}
