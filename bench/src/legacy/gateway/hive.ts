import { spawn } from "node:child_process";
import path from "node:path";

export type HiveGateway = { base: string; output(): string; exit(): string | null; stop(): Promise<void> };

const startTimeoutMs = 60_000;

/** Starts Hive Gateway (hive-process.js) as a child process and waits until it answers a query. */
export async function startHive(options: { supergraphPath: string; subgraphUrls: Record<string, string>; port: number }): Promise<HiveGateway> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    SUPERGRAPH_PATH: options.supergraphPath,
    SUBGRAPH_URLS: JSON.stringify(options.subgraphUrls),
  };
  const child = spawn(process.execPath, [path.join(__dirname, "hive-process.js")], { env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 100) lines.splice(0, lines.length - 100);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exitedWith: string | null = null;
  const exited = new Promise<void>((resolve) => child.once("exit", (code, signal) => ((exitedWith = signal ?? `exit code ${code}`), resolve())));
  const base = `http://127.0.0.1:${options.port}`;
  const hive: HiveGateway = {
    base,
    output: () => lines.slice(-40).join("\n"),
    exit: () => exitedWith,
    async stop() {
      if (exitedWith) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
    },
  };
  const deadline = Date.now() + startTimeoutMs;
  // The supergraph is loaded on the first request, not at listen: ready means a query is answered.
  while (!(await answersTypename(base))) {
    if (exitedWith || Date.now() > deadline) {
      await hive.stop();
      throw new Error(`Hive Gateway did not start (${exitedWith ?? "timed out"})\n${hive.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return hive;
}

async function answersTypename(base: string): Promise<boolean> {
  try {
    const response = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await response.json()) as { data?: { __typename?: string } };
    return body.data?.__typename === "Query";
  } catch {
    return false;
  }
}
