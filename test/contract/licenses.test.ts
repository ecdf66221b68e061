import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const repository = path.resolve(__dirname, "../..");
const script = path.join(repository, "scripts/licenses.mjs");

/** Runs the licence script; its printed lines and whether it exited 0. */
function run(...args: string[]): { ok: boolean; lines: string[] } {
  try {
    const out = execFileSync(process.execPath, [script, ...args], { cwd: repository, encoding: "utf8" });
    return { ok: true, lines: out.split("\n").filter(Boolean) };
  } catch (error) {
    const out = String((error as { stdout?: string }).stdout ?? error);
    return { ok: false, lines: out.split("\n").filter(Boolean) };
  }
}

/** A folder with a lock file listing these packages (name → licence), its report not yet written. */
function projectWith(packages: Record<string, string | undefined>, devOnly: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), "licenses-"));
  mkdirSync(path.join(dir, "docs"));
  const entries = Object.fromEntries(
    Object.entries(packages).map(([name, license]) => [
      `node_modules/${name}`,
      { version: "1.0.0", ...(license ? { license } : {}), ...(devOnly.includes(name) ? { dev: true } : {}) },
    ]),
  );
  writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages: { "": {}, ...entries } }));
  return dir;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
const project = (...args: Parameters<typeof projectWith>) => {
  const dir = projectWith(...args);
  folders.push(dir);
  return dir;
};

describe("the dependency licence report", () => {
  it("is committed as the lock file makes it, with every licence allowed", () => {
    expect(run("--check")).toEqual({ ok: true, lines: [] });
  });

  it("names the Elastic License 2.0 packages apart", () => {
    const page = readFileSync(path.join(repository, "docs/licenses.md"), "utf8");
    const exception = page.slice(page.indexOf("## The Elastic License 2.0 exception"), page.indexOf("## By licence"));
    expect(exception).toContain("`@apollo/gateway`");
    expect(exception).toContain("`@apollo/query-planner`");
  });

  it("fails when the committed report no longer matches the lock file", () => {
    const dir = project({ "left-pad": "MIT" });
    expect(run("--root", dir).ok).toBe(true);
    writeFileSync(path.join(dir, "package-lock.json"), readFileSync(path.join(dir, "package-lock.json"), "utf8").replace('"MIT"', '"ISC"'));
    expect(run("--root", dir, "--check")).toEqual({ ok: false, lines: ["docs/licenses.md is out of date: run `npm run licenses`"] });
  });

  it("refuses a licence off the list, a missing one, and the Elastic License on any other package", () => {
    const dir = project(
      {
        "copyleft-lib": "GPL-3.0-only",
        "silent-lib": undefined,
        "elastic-lib": "Elastic-2.0",
        "@apollo/gateway": "Elastic-2.0",
        "dual-lib": "(MIT OR GPL-3.0-only)",
        "both-lib": "(MIT AND GPL-3.0-only)",
        "dev-tool": "GPL-3.0-only",
      },
      ["dev-tool"],
    );
    const { ok, lines } = run("--root", dir);
    expect(ok).toBe(false);
    expect(lines.slice(1).sort()).toEqual([
      "both-lib@1.0.0: (MIT AND GPL-3.0-only) is not on the allowed list",
      "copyleft-lib@1.0.0: GPL-3.0-only is not on the allowed list",
      "elastic-lib@1.0.0: Elastic-2.0 is not on the allowed list",
      "silent-lib@1.0.0: declares no licence",
    ]);
    expect(readFileSync(path.join(dir, "docs/licenses.md"), "utf8")).not.toContain("dev-tool");
  });
});
