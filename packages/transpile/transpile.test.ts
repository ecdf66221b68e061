// `pap-transpile`, the build's JavaScript emit: the files a package's tsconfig.json names and no others,
// runnable as tsc would have emitted them (CommonJS, `import()` kept for ESM-only packages), with source
// maps that lead a stack trace back to the TypeScript line.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const transpile = path.join(__dirname, "transpile.js");
let workspace: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
  writeFileSync(path.join(workspace, file), text);
}

beforeAll(() => {
  workspace = mkdtempSync(path.join(tmpdir(), "pap-transpile-"));
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { rootDir: "src", outDir: "dist" },
      include: ["src"],
      exclude: ["src/**/*.test.ts", "src/test-support"],
    }),
  );
  write("src/index.ts", 'import { greet } from "./nested/greet";\nexport const greeting: string = greet("world");\n');
  write(
    "src/nested/greet.ts",
    [
      "export function greet(name: string): string {",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the line is source text handed to the transpiler
      "  return `hello ${name}`;",
      "}",
      "export function fail(): never {",
      '  throw new Error("failed on purpose");',
      "}",
      'export const loadEsm = () => import("node:path");',
      "",
    ].join("\n"),
  );
  write("src/nested/greet.test.ts", "it('is not emitted', () => {});\n");
  write("src/test-support/helper.ts", "export const helper = 1;\n");
  write("src/types.d.ts", "declare const ambient: string;\n");
  execFileSync(process.execPath, [transpile], { cwd: workspace });
});

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

it("emits every source the tsconfig includes, from rootDir to outDir, and nothing it excludes", () => {
  for (const file of ["dist/index.js", "dist/index.js.map", "dist/nested/greet.js", "dist/nested/greet.js.map"])
    expect(existsSync(path.join(workspace, file))).toBe(true);
  for (const file of ["dist/nested/greet.test.js", "dist/test-support/helper.js", "dist/types.js", "dist/types.d.js"])
    expect(existsSync(path.join(workspace, file))).toBe(false);
});

it("emits CommonJS that runs, keeping import() for ESM-only packages", () => {
  const output = execFileSync(process.execPath, ["-e", 'const m = require("./dist"); console.log(m.greeting)'], {
    cwd: workspace,
    encoding: "utf8",
  });
  expect(output.trim()).toBe("hello world");
  expect(readFileSync(path.join(workspace, "dist/nested/greet.js"), "utf8")).toContain('import("node:path")');
});

it("writes source maps that lead a stack trace to the TypeScript line", () => {
  const map = JSON.parse(readFileSync(path.join(workspace, "dist/nested/greet.js.map"), "utf8"));
  expect(map.sources).toEqual(["../../src/nested/greet.ts"]);
  const run = spawnSync(process.execPath, ["--enable-source-maps", "-e", 'require("./dist/nested/greet").fail()'], {
    cwd: workspace,
    encoding: "utf8",
  });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain("failed on purpose");
  expect(run.stderr).toMatch(/src[\\/]nested[\\/]greet\.ts:5/);
});

it("removes what an earlier build wrote for a source that has since moved, so the old file cannot shadow the new", () => {
  write("src/moved.ts", 'export const where = "file";\n');
  execFileSync(process.execPath, [transpile], { cwd: workspace });
  write("dist/moved.d.ts", "export declare const where: string;\n");
  rmSync(path.join(workspace, "src/moved.ts"));
  write("src/moved/index.ts", 'export const where = "directory";\n');
  execFileSync(process.execPath, [transpile], { cwd: workspace });

  for (const file of ["dist/moved.js", "dist/moved.js.map", "dist/moved.d.ts"]) expect(existsSync(path.join(workspace, file))).toBe(false);
  const output = execFileSync(process.execPath, ["-e", 'console.log(require("./dist/moved").where)'], { cwd: workspace, encoding: "utf8" });
  expect(output.trim()).toBe("directory");
  expect(existsSync(path.join(workspace, "dist/nested/greet.js"))).toBe(true);
});
