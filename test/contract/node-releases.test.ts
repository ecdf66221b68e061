import { readFileSync } from "node:fs";
import path from "node:path";

const repository = path.resolve(__dirname, "../..");
const engines: string = JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8")).engines.node;

/** The short check's own reading of `engines` (scripts/node-check.mjs), the one CI runs it with. */
async function satisfies(version: string): Promise<boolean> {
  const check = await import(path.join(repository, "scripts/node-check.mjs"));
  return check.satisfiesEngines(version, engines);
}

/** The releases `.ci/run` installs from the registry (its `node_release VERSION` lines). */
function ciReleases(): string[] {
  const script = readFileSync(path.join(repository, ".ci/run"), "utf8");
  return [...script.matchAll(/node-release\.sh (\d+\.\d+\.\d+)/g)].map((match) => match[1]!);
}

describe("the supported Node.js releases (docs/testing.md#nodejs-releases)", () => {
  it("CI installs Node 22 and 24, and engines admits them and the release running this test", async () => {
    const releases = ciReleases();
    expect(releases.map((version) => version.split(".")[0])).toEqual(["22", "24"]);
    for (const version of [...releases, process.versions.node]) expect(await satisfies(version)).toBe(true);
  });

  it.each(["20.19.0", "20.20.2", "22.12.0", "22.23.3", "24.0.0", "26.1.0"])("engines admits %s", async (version) => {
    expect(await satisfies(version)).toBe(true);
  });

  // Before 20.19 and 22.12, require() of an ES module needs a flag, and Fastify's light-my-request
  // requires cookie 2, which is one; odd majors are never LTS.
  it.each(["18.20.0", "20.18.3", "21.7.3", "22.11.0", "23.11.0"])("engines refuses %s", async (version) => {
    expect(await satisfies(version)).toBe(false);
  });
});
