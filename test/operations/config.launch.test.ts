// Production fails closed (issue 29): the launcher as `npm start` runs it (the compiled
// gateway/dist/main.js; needs the build) refuses an unsafe or incomplete production configuration
// before it writes, forks or listens, exits 1 and names every problem at once; `--check` (what
// `npm run check-config` runs) prints the same verdict without starting; a complete production
// configuration starts. The rules themselves: packages/kernel/src/config/config.test.ts.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEVELOPMENT_ENCRYPTION_KEYS, DEVELOPMENT_PERSON_MATCH_KEY } from "@pap/core";
import { adminHeaders } from "../support/auth";
import { launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { createTestDatabase } from "../support/platform";
import { freePort } from "../support/ports";
import { waitFor } from "../support/waiting";

const main = path.join(__dirname, "../../gateway/dist/main.js");
const contentDirectory = mkdtempSync(path.join(tmpdir(), "pap-content-config-launch-"));

/** Nothing answers here: the services a production deployment names, which starting never calls. */
const nowhere = "http://127.0.0.1:9";

/**
 * A production configuration the platform starts with (with the suite's JWT settings, AUTH_SECRET,
 * AUTH_ISSUER and AUTH_AUDIENCE, from test/support/global-setup.js); each refusal spoils one thing.
 */
const production: Record<string, string> = {
  NODE_ENV: "production",
  PERSON_MATCH_KEY: "launch-test-person-match-key-0123456789",
  ENCRYPTION_KEYS: `launch:${Buffer.alloc(32, 9).toString("base64")}`,
  CONTENT_SIGNING_SECRET: "launch-test-content-signing-secret-0123456789",
  CONTENT_DIRECTORY: contentDirectory,
  VIRUS_SCAN: "off",
  NOTICE_EMAIL: "off",
  ELIGIBILITY_ADAPTER_URL: nowhere,
  DATA_EXCHANGE_AGENCY_URL: nowhere,
  REFERENCE_SERVICES: "",
  PLATFORM_TIME_ZONE: "America/New_York",
};

/** What `--check` says the built-in deployment configuration (no PLATFORM_CONFIG) holds, after its verdict. */
const builtInDeployment = [
  "Deployment configuration (built-in defaults):",
  "  platform: 34 policies (built-in defaults)",
  "  workflow: 2 queues, 4 SLA types, 3 application clocks, 1 routing rule (default general-intake), 5 metrics (built-in defaults)",
  "  dataExchange: 11 seeded catalog entries, 0 added or changed (built-in defaults)",
  "  documents: 14 seeded document types, 0 added or changed (built-in defaults)",
  "  notices: 20 notice templates in 2 languages (built-in defaults)",
  "",
].join("\n");

/** A port this test holds: a launcher that tried to listen on it would fail with EADDRINUSE, and say so. */
async function heldPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen({ host: "127.0.0.1", port: 0 }, resolve));
  return { port: (server.address() as net.AddressInfo).port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs the launcher until it exits (`args`: `--check`, `--mode=…`); an empty value in `env` unsets the variable. */
async function runLauncher(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const held = await heldPort();
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: "",
    HOST: "127.0.0.1",
    PORT: String(held.port),
    LOG_LEVEL: "silent",
    DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/unused",
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === "") delete merged[name];
  const child = spawn(process.execPath, [main, ...args], { env: merged, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  await held.release();
  return { code, stdout, stderr };
}

/** A refused start: exit 1, the verdict on stderr naming exactly `expected` (one line each), and nothing started. */
async function expectRefused(env: Record<string, string>, expected: RegExp[], args: string[] = []) {
  const { code, stdout, stderr } = await runLauncher(args, env);
  const lines = stderr.trim().split("\n");
  expect({ code, stdout, heading: lines[0] }).toEqual({
    code: 1,
    stdout: "",
    heading: expect.stringMatching(
      new RegExp(`^The platform will not start \\(.*\\): ${expected.length} problems? in its configuration\\.$`),
    ),
  });
  expect(lines.slice(1)).toEqual(expected.map((line) => expect.stringMatching(line)));
  // Nothing else ran: no stack trace, no banner, no attempt to listen on the port it was given.
  expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at |is running/);
  return stderr;
}

let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await createTestDatabase("config_launch");
});
afterAll(stopLaunched, 60_000);

describe("a production start is refused", () => {
  it("with nothing configured, naming every problem at once", async () => {
    const stderr = await expectRefused(
      {
        ...Object.fromEntries(Object.keys(production).map((name) => [name, ""])),
        NODE_ENV: "production",
        AUTH_SECRET: "",
        AUTH_ISSUER: "",
      },
      [
        /^ {2}- Authentication is in development mode, where GET \/dev\/token hands anyone a token for any role: set AUTH_JWKS_URI, AUTH_PUBLIC_KEY or AUTH_SECRET/,
        /^ {2}- PERSON_MATCH_KEY is not set, .*set it to a secret of at least 32 characters/,
        /^ {2}- ENCRYPTION_KEYS is not set, .*set it to id:base64key/,
        /^ {2}- CONTENT_SIGNING_SECRET is not set: set a secret of at least 32 characters/,
        /^ {2}- NODE_ENV=production needs a virus scanner for document uploads: set CLAMD_URL \(tcp:\/\/host:3310\), or VIRUS_SCAN=off/,
        /^ {2}- NODE_ENV=production needs a mail server for notices to households that prefer email: set SMTP_URL \(smtp:\/\/host:587\), or NOTICE_EMAIL=off/,
        /^ {2}- ELIGIBILITY_ADAPTER_URL is not set .*or REFERENCE_SERVICES=on/,
        /^ {2}- DATA_EXCHANGE_AGENCY_URL is not set .*or REFERENCE_SERVICES=on/,
        /^ {2}- NODE_ENV=production needs the offices' time zone: set PLATFORM_TIME_ZONE/,
      ],
    );
    expect(stderr).toMatch(/^The platform will not start \(NODE_ENV=production, single mode\)/);
  });

  it("in development authentication, left by default or chosen", async () => {
    await expectRefused({ ...production, AUTH_SECRET: "" }, [/Authentication is in development mode, where GET \/dev\/token/]);
    await expectRefused({ ...production, AUTH_MODE: "development" }, [/Authentication is in development mode, where GET \/dev\/token/]);
  });

  it("without ENCRYPTION_KEYS of its own", async () => {
    await expectRefused({ ...production, ENCRYPTION_KEYS: "" }, [/ENCRYPTION_KEYS is not set/]);
    await expectRefused({ ...production, ENCRYPTION_KEYS: DEVELOPMENT_ENCRYPTION_KEYS }, [
      /ENCRYPTION_KEYS holds the public development key/,
    ]);
  });

  it("without a PERSON_MATCH_KEY of its own", async () => {
    await expectRefused({ ...production, PERSON_MATCH_KEY: "" }, [/PERSON_MATCH_KEY is not set/]);
    await expectRefused({ ...production, PERSON_MATCH_KEY: DEVELOPMENT_PERSON_MATCH_KEY }, [
      /PERSON_MATCH_KEY is the public development secret/,
    ]);
  });

  it("without CONTENT_SIGNING_SECRET, in trusted-headers mode too (once a stack trace)", async () => {
    await expectRefused({ ...production, CONTENT_SIGNING_SECRET: "" }, [/CONTENT_SIGNING_SECRET is not set/]);
    await expectRefused({ ...production, CONTENT_SIGNING_SECRET: "", AUTH_SECRET: "", AUTH_MODE: "trusted-headers" }, [
      /CONTENT_SIGNING_SECRET is not set/,
    ]);
  });

  it("where it would start a reference service nobody asked for", async () => {
    await expectRefused({ ...production, ELIGIBILITY_ADAPTER_URL: "" }, [
      /ELIGIBILITY_ADAPTER_URL is not set and NODE_ENV=production starts no reference service unless asked/,
    ]);
    await expectRefused({ ...production, DATA_EXCHANGE_AGENCY_URL: "" }, [
      /DATA_EXCHANGE_AGENCY_URL is not set and NODE_ENV=production starts no reference service unless asked/,
    ]);
  });

  it("with uploads on and no scanner", async () => {
    await expectRefused({ ...production, VIRUS_SCAN: "on" }, [
      /NODE_ENV=production needs a virus scanner for document uploads: set CLAMD_URL/,
    ]);
  });

  it("with trusted GraphQL documents it cannot read (it fails closed, serving nothing)", async () => {
    await expectRefused({ ...production, GRAPHQL_TRUSTED_DOCUMENTS: path.join(contentDirectory, "no-such-manifest.json") }, [
      /^ {2}- GRAPHQL_TRUSTED_DOCUMENTS .*no-such-manifest\.json\) cannot be read \(ENOENT\)/,
    ]);
  });

  it("with a misspelt platform variable, naming the one it likely meant", async () => {
    await expectRefused({ ...production, DATABSE_URL: databaseUrl }, [
      /^ {2}- DATABSE_URL is not a platform variable: did you mean DATABASE_URL\? Rename it\.$/,
    ]);
  });

  it.each(["distributed", "cluster"])("in %s mode, before any child process starts", async (mode) => {
    const stderr = await expectRefused({ ...production, PERSON_MATCH_KEY: "", PLATFORM_MODE: mode }, [/PERSON_MATCH_KEY is not set/]);
    expect(stderr).toMatch(new RegExp(`^The platform will not start \\(NODE_ENV=production, ${mode} mode\\)`));
    await expectRefused({ ...production, CONTENT_SIGNING_SECRET: "" }, [/CONTENT_SIGNING_SECRET is not set/], [`--mode=${mode}`]);
  });
});

it("refuses a value it cannot use in every mode", async () => {
  await expectRefused({ RATE_LIMIT_MAX: "lots", AUTH_MODE: "jtw" }, [
    /^ {2}- AUTH_MODE must be jwt, trusted-headers or development, not 'jtw'\.$/,
    /^ {2}- RATE_LIMIT_MAX must be a positive whole number, not 'lots'\.$/,
  ]);
});

describe("--check (npm run check-config)", () => {
  it("prints the refusal's verdict on stdout and exits 1, without starting", async () => {
    const { code, stdout, stderr } = await runLauncher(["--check"], { ...production, PERSON_MATCH_KEY: "", VIRUS_SCAN: "on" });
    expect({ code, stderr }).toEqual({ code: 1, stderr: "" });
    expect(stdout.trim().split("\n")).toEqual([
      "The platform will not start (NODE_ENV=production, single mode): 2 problems in its configuration.",
      expect.stringMatching(/^ {2}- PERSON_MATCH_KEY is not set/),
      expect.stringMatching(/^ {2}- NODE_ENV=production needs a virus scanner for document uploads/),
    ]);
  });

  it("says a sound configuration would start and exits 0", async () => {
    expect(await runLauncher(["--check", "--mode=distributed"], production)).toEqual({
      code: 0,
      stderr: "",
      stdout: `The configuration is sound (NODE_ENV=production, distributed mode): the platform would start.\n${builtInDeployment}`,
    });
  });

  it("asks nothing of a fresh machine: no problem, no warning", async () => {
    const fresh = { AUTH_SECRET: "", AUTH_ISSUER: "", AUTH_AUDIENCE: "", AUTH_API_KEYS: "", DATABASE_URL: "" };
    expect(await runLauncher(["--check"], fresh)).toEqual({
      code: 0,
      stderr: "",
      stdout: `The configuration is sound (development, single mode): the platform would start.\n${builtInDeployment}`,
    });
  });

  it("warns of a misspelt variable outside production and exits 0", async () => {
    const { code, stdout } = await runLauncher(["--check"], { PERSON_MATCHKEY: "x" });
    expect(code).toBe(0);
    expect(stdout).toContain(
      "  - PERSON_MATCHKEY is not a platform variable: did you mean PERSON_MATCH_KEY? Rename it (in production this stops the start).",
    );
  });
});

describe("a start that goes on", () => {
  it("a complete production configuration starts: JWT only, no /dev/token, no reference service", async () => {
    const eligibility = `http://127.0.0.1:${await freePort()}`;
    const agencies = `http://127.0.0.1:${await freePort()}`;
    const {
      process: platform,
      line,
      output,
    } = await launchPlatform(databaseUrl, "auth", {
      ...production,
      ELIGIBILITY_ADAPTER_URL: eligibility,
      DATA_EXCHANGE_AGENCY_URL: agencies,
    });
    try {
      expect(line.trim()).toMatch(/^auth {8}jwt \(issuer https:\/\/idp\.test\.local, audience public-assistance-platform\)$/);
      const banner = output();
      expect(banner).toContain(`eligibility ${eligibility} (ELIGIBILITY_ADAPTER_URL)`);
      expect(banner).toContain(`agencies    ${agencies} (DATA_EXCHANGE_AGENCY_URL)`);
      const rest = banner.match(/REST\s+(https?:\/\/[^/\s]+)/)![1];
      expect((await fetch(`${rest}/dev/token?role=state_admin`)).status).toBe(404);
      expect((await fetch(`${rest}/persons`)).status).toBe(401);
      expect((await fetch(`${rest}/persons`, { headers: await adminHeaders() })).status).toBe(200);
    } finally {
      await stopped(platform);
    }
  }, 240_000);

  it("REFERENCE_SERVICES=on runs the reference services in production, for a demonstration", async () => {
    const {
      process: platform,
      line,
      output,
    } = await launchPlatform(databaseUrl, "agencies", {
      ...production,
      ELIGIBILITY_ADAPTER_URL: "",
      DATA_EXCHANGE_AGENCY_URL: "",
      REFERENCE_SERVICES: "on",
    });
    try {
      expect(line).toContain("the reference agency simulator");
      expect(output()).toMatch(/eligibility http:\/\/\S+ \(the reference adapter/);
    } finally {
      await stopped(platform);
    }
  }, 240_000);

  it("outside production, trusted-headers mode without CONTENT_SIGNING_SECRET starts (this machine's development key signs links)", async () => {
    const {
      process: platform,
      line,
      output,
    } = await launchPlatform(databaseUrl, "auth", {
      AUTH_MODE: "trusted-headers",
      AUTH_SECRET: "",
      CONTENT_SIGNING_SECRET: "",
      NODE_ENV: "",
      CONTENT_DIRECTORY: contentDirectory,
    });
    try {
      expect(line.trim()).toBe("auth        trusted-headers (X-Caller-Id / X-Caller-Roles from the trusted proxy)");
      const rest = output().match(/REST\s+(https?:\/\/[^/\s]+)/)![1];
      const caller = { "x-caller-id": "config-launch", "x-caller-roles": "state_admin" };
      await waitFor(
        async () => (await fetch(`${rest}/persons`, { headers: caller })).status === 200,
        "a trusted caller's request to succeed",
        30_000,
        100,
      );
    } finally {
      await stopped(platform);
    }
  }, 240_000);
});
