// A deployment's configuration file (issue 32), as the launcher and a restart see it: `--check` (what
// `npm run check-config` runs; needs the build) lists every problem of a bad file, file and path each,
// and exits 1 without starting, or prints what a sound file configures; the committed example is the
// built-in configuration; and each start seeds what the file says again, a queue it no longer names
// left to the API (source user) and a policy it no longer lists removed.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkDeployment, deploymentExample } from "@pap/core";
import { configSections } from "@pap/gateway";
import { expectStatus, type Json } from "../support/expectations";
import { deploymentYaml } from "../support/deployment-files";
import { createTestDatabase, httpClient, startTestPlatform } from "../support/platform";

const root = path.join(__dirname, "../..");
const main = path.join(root, "gateway/dist/main.js");
const example = path.join(root, "config/deployment.example.yaml");

function deploymentFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "pap-deployment-launch-")), "deployment.yaml");
  writeFileSync(file, text);
  return file;
}

/** `node gateway/dist/main.js --check` on `file`, until it exits. */
async function checkConfig(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: "", LOG_LEVEL: "silent", PLATFORM_CONFIG: file };
  const child = spawn(process.execPath, [main, "--check"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, stdout, stderr };
}

const bad = `workflow:
  queues:
    - { id: ae5ed10f-657d-55f3-b53c-b381ec583a1e, name: snap-intake }
    - { id: f46c5c87-b1fe-55c2-9166-873c2748d4f4, name: general-intake }
    - { id: 7a0c5f7e-2b1d-4c3e-8f90-0a1b2c3d4e5f, name: kern-intake, county: "06029" }
  applicationClocks:
    - { program: tanf, slaType: tanf_standard }
  routing:
    rules:
      - { queue: kern-intake, when: { counties: ["06029"] } }
      - { queue: fresno-intake, when: { counties: ["06019"] } }
    defaultQueue: general-intake
platform:
  policies:
    - { id: Snap Rule, citation: "7 CFR § 273.9", description: Income limits }
mailroom: {}
`;

describe("npm run check-config", () => {
  it("lists every problem of a bad file, file and path each, and exits 1", async () => {
    const file = deploymentFile(bad);
    const { code, stdout } = await checkConfig(file);
    expect(code).toBe(1);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^The platform will not start \(development, single mode\): 4 problems in its configuration\.$/);
    expect(lines.slice(1)).toEqual([
      `  - ${file}: platform.policies[0].id: must be a lower-case slug such as snap-income-limits`,
      `  - ${file}: workflow.applicationClocks[0].slaType: names no SLA type of slaTypes (tanf_standard)`,
      `  - ${file}: workflow.routing.rules[1].queue: names no queue of queues (fresno-intake)`,
      expect.stringMatching(
        new RegExp(
          `^  - ${file}: mailroom: is not a section of the platform's configuration \\(its sections: platform, workflow, dataExchange, documents, notices\\)$`,
        ),
      ),
    ]);
  });

  it("says the configuration is sound and what it configures", async () => {
    const { code, stdout } = await checkConfig(example);
    expect({ code, stdout }).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^The configuration is sound \(development, single mode\)/),
    });
    expect(stdout).toContain(`Deployment configuration (${example}):`);
    expect(stdout).toMatch(
      /^ {2}workflow: 2 queues, 4 SLA types, 3 application clocks, 1 routing rule \(default general-intake\), 5 metrics$/m,
    );
    expect(stdout).toMatch(/^ {2}platform: 34 policies$/m);
  });
});

describe("the committed example", () => {
  it("is the built-in configuration, as `npm run config:example` writes it", () => {
    const fixWith = "run `npm run config:example` and commit the result";
    expect({ upToDate: readFileSync(example, "utf8") === deploymentExample(configSections), fixWith }).toEqual({ upToDate: true, fixWith });
    expect(checkDeployment(configSections, { PLATFORM_CONFIG: example }).problems).toEqual([]);
  });
});

describe("a restart on a changed file", () => {
  const saved = process.env.PLATFORM_CONFIG;
  afterAll(() => {
    if (saved === undefined) delete process.env.PLATFORM_CONFIG;
    else process.env.PLATFORM_CONFIG = saved;
  });

  it("seeds what the file now says: a queue it dropped goes to the API, a policy it dropped leaves the registry", async () => {
    const database = { kind: "postgres" as const, url: await createTestDatabase("deployment_reseed"), poolSize: 5 };
    process.env.PLATFORM_CONFIG = deploymentFile(
      `${deploymentYaml}platform:\n  policies:\n    - { id: snap-income-limits, citation: "7 CFR § 273.9", description: Gross and net income limits., programs: [snap] }\n`,
    );
    let platform = await startTestPlatform("deployment_reseed", { database });
    const api = httpClient(() => platform.url);
    const kern = (await expectStatus(api.get("/workflow/queues?q=name:kern-intake"), 200, "queues")).items[0];
    expect(kern).toMatchObject({ county: "06029", source: "system" });
    expect((await expectStatus(api.get("/platform/registry/policies?limit=50"), 200, "policies")).items.map((p: Json) => p.id)).toEqual([
      "snap-income-limits",
    ]);
    await platform.close();

    delete process.env.PLATFORM_CONFIG;
    platform = await startTestPlatform("deployment_reseed", { database });
    try {
      const queues = (await expectStatus(api.get("/workflow/queues?limit=50"), 200, "queues")).items;
      expect(queues.map((queue: Json) => [queue.name, queue.source])).toEqual([
        ["general-intake", "system"],
        ["kern-intake", "user"],
        ["snap-intake", "system"],
      ]);
      const policies = (await expectStatus(api.get("/platform/registry/policies?limit=50"), 200, "policies")).items;
      expect(policies.map((policy: Json) => policy.id)).not.toContain("snap-income-limits");
      expect(policies).toHaveLength(34);
      // Once the API's, an administrator may delete it.
      expect((await api.delete(`/workflow/queues/${kern.id}`)).status).toBe(204);
    } finally {
      await platform.close();
    }
  });
});
