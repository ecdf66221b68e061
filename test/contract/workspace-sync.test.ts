import { execFileSync } from "node:child_process";
import path from "node:path";

const repository = path.resolve(__dirname, "../..");

/**
 * The lists that register a package (the TypeScript project references, the gateway's dependencies on
 * the domains) are derived from the workspaces' package.json files by `npm run workspace:sync`: one
 * edited by hand, or a package added without running it, fails here with the file to regenerate.
 */
describe("the registration files", () => {
  it("are in step with the workspaces' package.json files", () => {
    let report = "";
    try {
      execFileSync(process.execPath, [path.join(repository, "scripts/workspace-sync.mjs"), "--check"], {
        cwd: repository,
        encoding: "utf8",
      });
    } catch (error) {
      report = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(report).toBe("");
  });
});
