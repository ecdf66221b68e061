// The simulator as its own process: dist/main.js (needs the package's build, as `npm test` does first).
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

const start = (env: Record<string, string>) => {
  const child = spawn(process.execPath, [path.join(__dirname, "../dist/main.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
};

it("listens on PORT, prints its URL, takes the switch and token from the environment and stops on SIGTERM", async () => {
  const { child, output } = start({
    AGENCY_SIMULATOR_TOKEN: "launch-token",
    AGENCY_SIMULATOR_LATENCY_MS: "5",
    AGENCY_SIMULATOR_FAILURE_RATE: "0",
    AGENCY_SIMULATOR_FAILING: "uib,save",
    AGENCY_SIMULATOR_SLOW_MS: "250",
  });
  try {
    // Wait for the line that says where it listens.
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", () => {
        const found = /listening on (http:\/\/\S+)/.exec(output());
        if (found) resolve(found[1]!);
      });
      child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output()}`)));
    });
    expect(await (await fetch(`${url}/control`)).json()).toEqual({ latencyMs: 5, failureRate: 0, failing: ["uib", "save"], slowMs: 250 });

    const post = (serviceType: string, token?: string) =>
      fetch(`${url}/agencies/${serviceType}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": `main-${serviceType}-${token}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ requestId: "r-1", serviceType, subject: { ssn: "123-45-6781" } }),
      });
    expect((await post("fdsh_ssa")).status).toBe(401);
    const answered = await post("fdsh_ssa", "launch-token");
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ requestId: "r-1", result: "conclusive" });
    expect((await post("uib", "launch-token")).status).toBe(503);

    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

it("refuses to start with a setting the switch would refuse", async () => {
  const { child, output } = start({ AGENCY_SIMULATOR_FAILING: "fdsh_ssa,irs" });
  const [code] = await once(child, "exit");
  expect(code).toBe(1);
  expect(output()).toContain("AGENCY_SIMULATOR_FAILING");
});
