// The adapter as its own process: dist/main.js (needs the package's build, as `npm test` does first).
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

it("listens on PORT, prints its URL, uses the configured utility allowances and stops on SIGTERM", async () => {
  const child = spawn(process.execPath, [path.join(__dirname, "../dist/main.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", SNAP_SUA_HEATING_COOLING: "612", SNAP_SUA_LIMITED: "250" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    // Wait for the line that says where it listens.
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (http:\/\/\S+)/.exec(output);
        if (found) resolve(found[1]!);
      });
      child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    const response = await fetch(`${url}/evaluate/expedited-screening`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        metadata: { id: 1 },
        household: {},
        application: {
          expeditedSnap: { totalMoneyExpectedThisMonth: 700, totalCashOnHand: 0, monthlyRent: 100 },
          utilities: { heatCoolMethod: "gas" },
        },
      }),
    });
    const body = await response.json();
    // 700 + 0 < 100 + 612 → expedited under (ii), with the configured allowance.
    expect(body).toMatchObject({ metadata: { id: 1 }, expedited: true, explanation: { figures: { utilityAllowance: 612 } } });
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
