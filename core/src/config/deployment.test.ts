import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { ConfigurationError } from "./read";
import { checkDeployment, defineConfigSection, deploymentExample, readDeploymentSource } from "./deployment";

// Two sections as domains declare theirs: a list with a cross-check, and a plain value.
const queues = defineConfigSection(
  "queues",
  z.strictObject({ names: z.array(z.string().min(1)).min(1), fallback: z.string() }).superRefine((value, ctx) => {
    if (!value.names.includes(value.fallback)) ctx.addIssue({ code: "custom", path: ["fallback"], message: "names no queue" });
  }),
  { names: ["general"], fallback: "general" },
  (value) => `${value.names.length} queues`,
);
const limits = defineConfigSection(
  "limits",
  z.strictObject({ perHour: z.number().int().min(1) }),
  { perHour: 60 },
  (v) => `${v.perHour}/h`,
);
const sections = [queues, limits];

const folder = () => mkdtempSync(path.join(tmpdir(), "pap-deployment-"));
function file(name: string, text: string, dir = folder()): string {
  const full = path.join(dir, name);
  writeFileSync(full, text);
  return full;
}

describe("a deployment's configuration file", () => {
  it("is the sections' defaults when PLATFORM_CONFIG names none", () => {
    expect(checkDeployment(sections, {})).toEqual({
      location: "built-in defaults",
      problems: [],
      summary: ["queues: 1 queues (built-in defaults)", "limits: 60/h (built-in defaults)"],
    });
    expect(queues.read({})).toEqual({ names: ["general"], fallback: "general" });
  });

  it("is read as YAML, a section it leaves out keeping its defaults", () => {
    const config = file("deployment.yaml", "# a state's file\nqueues:\n  names: [general, kern]\n  fallback: kern\nlimits:\n");
    expect(checkDeployment(sections, { PLATFORM_CONFIG: config })).toEqual({
      location: config,
      problems: [],
      summary: ["queues: 2 queues", "limits: 60/h (built-in defaults)"],
    });
    expect(queues.read({ PLATFORM_CONFIG: config }).fallback).toBe("kern");
  });

  it("lists every problem of every section at once, cross-checks too, each with its file and path", () => {
    const config = file(
      "deployment.json",
      JSON.stringify({ queues: { names: [""], fallback: "x", extra: 1 }, limits: { perHour: 0 }, notices: {} }),
    );
    const { problems } = checkDeployment(sections, { PLATFORM_CONFIG: config });
    expect(problems.map((problem) => [problem.path, problem.message])).toEqual([
      ["queues.names[0]", expect.stringMatching(/>=1 characters/)],
      ["queues", expect.stringMatching(/extra/)],
      ["queues.fallback", "names no queue"],
      ["limits.perHour", expect.stringMatching(/>=1/)],
      ["notices", expect.stringMatching(/^is not a section of the platform's configuration \(its sections: queues, limits\)$/)],
    ]);
    expect(problems.every((problem) => problem.file === config)).toBe(true);
    // A value of the wrong kind leaves nothing to cross-check: its own problem is the one listed.
    const wrong = file("deployment.yaml", "queues: { names: general, fallback: kern }\n");
    expect(checkDeployment(sections, { PLATFORM_CONFIG: wrong }).problems).toEqual([
      { file: wrong, path: "queues.names", message: expect.stringMatching(/expected array/) },
    ]);
  });

  it("is refused by the section that reads it, with every problem of the file", () => {
    const config = file("deployment.yaml", "queues: { names: [general], fallback: kern }\nlimits: { perHour: 0 }\n");
    expect(() => limits.read({ PLATFORM_CONFIG: config })).toThrow(ConfigurationError);
    try {
      queues.read({ PLATFORM_CONFIG: config });
    } catch (error) {
      expect((error as ConfigurationError).problems).toEqual([
        { variable: "PLATFORM_CONFIG", message: `${config}: queues.fallback: names no queue` },
      ]);
    }
    expect.assertions(2);
  });

  it("says where YAML does not parse, and refuses a repeated key or a file that is not a mapping", () => {
    const broken = file("deployment.yaml", "queues:\n  names: [general\n");
    const source = readDeploymentSource(broken);
    expect(source.problems).toEqual([{ file: broken, path: expect.stringMatching(/^line \d+, column \d+$/), message: expect.any(String) }]);
    const repeated = file("deployment.yaml", "limits: { perHour: 1 }\nlimits: { perHour: 2 }\n");
    expect(readDeploymentSource(repeated).problems).toEqual([
      expect.objectContaining({ file: repeated, message: expect.stringMatching(/unique/i) }),
    ]);
    const list = file("deployment.yaml", "- queues\n");
    expect(readDeploymentSource(list).problems).toEqual([{ file: list, path: "", message: expect.stringMatching(/must be a mapping/) }]);
    expect(readDeploymentSource("/nowhere/deployment.yaml").problems).toEqual([
      { file: "/nowhere/deployment.yaml", path: "", message: "cannot be read (ENOENT)" },
    ]);
  });

  it("may be a folder of files, each section in one of them", () => {
    const dir = folder();
    file("01-queues.yaml", "queues: { names: [general, kern], fallback: general }\n", dir);
    file("02-limits.json", '{ "limits": { "perHour": 5 } }', dir);
    file("README.txt", "not configuration", dir);
    expect(checkDeployment(sections, { PLATFORM_CONFIG: dir })).toMatchObject({
      problems: [],
      summary: ["queues: 2 queues", "limits: 5/h"],
    });
    const twice = file("03-more.yaml", "limits: { perHour: 7 }\n", dir);
    expect(checkDeployment(sections, { PLATFORM_CONFIG: dir }).problems).toEqual([
      { file: twice, path: "limits", message: `is set in ${path.join(dir, "02-limits.json")} too: each section belongs to one file` },
    ]);
    const empty = folder();
    mkdirSync(path.join(empty, "sub"));
    expect(readDeploymentSource(empty).problems).toEqual([
      { file: empty, path: "", message: "the folder holds no .yaml, .yml or .json file" },
    ]);
  });

  it("has an example that is its defaults and reads back as them", () => {
    const example = file("deployment.example.yaml", deploymentExample(sections));
    expect(checkDeployment(sections, { PLATFORM_CONFIG: example })).toMatchObject({
      problems: [],
      summary: ["queues: 1 queues", "limits: 60/h"],
    });
    expect(queues.read({ PLATFORM_CONFIG: example })).toEqual(queues.read({}));
  });
});
