import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseDocument, stringify } from "yaml";
import type { z } from "zod";
import { ConfigurationError, readSetting, type ConfigurationProblem, type Environment } from "./read";

/**
 * One thing wrong with a deployment's configuration: where (the file, and the path inside it) and what.
 * Every problem of a file is found before any is reported, so a state fixes its file in one pass.
 */
export type DeploymentProblem = { file: string; path: string; message: string };

/**
 * A part of the deployment's configuration that one domain owns: the top-level key it reads, the schema
 * that checks it (cross-checks between its entries included, as zod refinements), and its value when the
 * deployment says nothing of it. The defaults are what the committed example file holds
 * (`config/deployment.example.yaml`, written by `npm run config:example`).
 */
export type ConfigSection<T> = {
  name: string;
  schema: z.ZodType<T>;
  defaults: unknown;
  /** One line for `check-config`: what the section configures (e.g. `3 queues, 5 SLA types`). */
  summary(value: T): string;
  /** The section as the process's deployment file gives it, checked; throws ConfigurationError with every problem. */
  read(env?: Environment): T;
};

export type AnyConfigSection = ConfigSection<unknown>;

/** Declares a domain's section of the deployment's configuration. */
export function defineConfigSection<S extends z.ZodType>(
  name: string,
  schema: S,
  defaults: z.input<S>,
  summary: (value: z.output<S>) => string,
): ConfigSection<z.output<S>> {
  const cache = new Map<string, z.output<S>>();
  const section: ConfigSection<z.output<S>> = {
    name,
    schema: schema as unknown as z.ZodType<z.output<S>>,
    defaults,
    summary,
    read(env = process.env) {
      const source = deploymentSource(env);
      const key = source.key;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const checked = checkSection(section, source);
      const problems = [...source.problems, ...checked.problems];
      if (problems.length || checked.value === undefined) throw new ConfigurationError(problems.map(asConfigurationProblem));
      cache.set(key, checked.value);
      return checked.value;
    },
  };
  return section;
}

/** The deployment's files as read: each top-level key with the file that set it, and what could not be read. */
export type DeploymentSource = {
  /** PLATFORM_CONFIG as given; empty for the built-in defaults. */
  location: string;
  files: readonly string[];
  sections: ReadonlyMap<string, { file: string; value: unknown }>;
  problems: readonly DeploymentProblem[];
  /** Identifies this reading: a section is checked once per location. */
  key: string;
};

const BUILT_IN = "built-in defaults";
const readable = /\.(ya?ml|json)$/i;

/** Reads PLATFORM_CONFIG: a YAML or JSON file, or a folder whose `*.yaml`, `*.yml` and `*.json` files each hold some sections. */
export function readDeploymentSource(location: string | undefined): DeploymentSource {
  if (!location) return { location: "", files: [], sections: new Map(), problems: [], key: BUILT_IN };
  const problems: DeploymentProblem[] = [];
  const sections = new Map<string, { file: string; value: unknown }>();
  let files: string[] = [];
  try {
    files = statSync(location).isDirectory()
      ? readdirSync(location)
          .filter((name) => readable.test(name))
          .sort()
          .map((name) => path.join(location, name))
      : [location];
    if (!files.length) problems.push({ file: location, path: "", message: "the folder holds no .yaml, .yml or .json file" });
  } catch (error) {
    problems.push({ file: location, path: "", message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
  }
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      problems.push({ file, path: "", message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
      continue;
    }
    const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
    if (document.errors.length) {
      for (const error of document.errors) {
        const at = error.linePos?.[0];
        const message = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
        problems.push({ file, path: at ? `line ${at.line}, column ${at.col}` : "", message });
      }
      continue;
    }
    const content: unknown = document.toJS();
    if (content === null || content === undefined) continue;
    if (typeof content !== "object" || Array.isArray(content)) {
      problems.push({ file, path: "", message: "must be a mapping of sections (workflow, platform, …) at its top level" });
      continue;
    }
    for (const [name, value] of Object.entries(content)) {
      // A section written with nothing under it (`workflow:`) is left out: its built-in value holds.
      if (value === null) continue;
      const earlier = sections.get(name);
      if (earlier) problems.push({ file, path: name, message: `is set in ${earlier.file} too: each section belongs to one file` });
      else sections.set(name, { file, value });
    }
  }
  return { location, files, sections, problems, key: location };
}

// A deployment's configuration is read at start: the process reads each location once (tests start
// platforms on several files in one process, so the location is the key).
let current: DeploymentSource | undefined;
function deploymentSource(env: Environment): DeploymentSource {
  const location = readSetting("PLATFORM_CONFIG", env) ?? "";
  if (current?.location !== location) current = readDeploymentSource(location || undefined);
  return current;
}

/** One section checked against what the deployment gives (its defaults when it gives nothing). */
export function checkSection<T>(section: ConfigSection<T>, source: DeploymentSource): { value?: T; problems: DeploymentProblem[] } {
  const given = source.sections.get(section.name);
  const file = given?.file ?? BUILT_IN;
  const parsed = section.schema.safeParse(given ? given.value : section.defaults);
  if (parsed.success) return { value: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => ({ file, path: pathText([section.name, ...issue.path]), message: issue.message })),
  };
}

/** A zod path as a reader finds it in the file: `workflow.routing.rules[2].queue`. */
export function pathText(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

export type DeploymentVerdict = {
  /** Where the configuration came from: the file or folder, or the built-in defaults. */
  location: string;
  problems: DeploymentProblem[];
  /** One line per section: its name and what it configures. */
  summary: string[];
};

/** Every problem of the deployment's configuration across the sections the platform knows, and a section it does not know. */
export function checkDeployment(sections: readonly AnyConfigSection[], env: Environment = process.env): DeploymentVerdict {
  const location = readSetting("PLATFORM_CONFIG", env) || undefined;
  const source = readDeploymentSource(location);
  const problems = [...source.problems];
  const summary: string[] = [];
  for (const section of sections) {
    const checked = checkSection(section, source);
    problems.push(...checked.problems);
    if (checked.value !== undefined)
      summary.push(`${section.name}: ${section.summary(checked.value)}${source.sections.has(section.name) ? "" : " (built-in defaults)"}`);
  }
  const known = new Set(sections.map((section) => section.name));
  for (const [name, { file }] of source.sections) {
    if (!known.has(name))
      problems.push({
        file,
        path: name,
        message: `is not a section of the platform's configuration (its sections: ${[...known].join(", ")})`,
      });
  }
  return { location: location ?? BUILT_IN, problems, summary };
}

/** A deployment problem as one line of the launcher's refusal. */
export function asConfigurationProblem(problem: DeploymentProblem): ConfigurationProblem {
  return { variable: "PLATFORM_CONFIG", message: `${problem.file}: ${problem.path ? `${problem.path}: ` : ""}${problem.message}` };
}

/**
 * The committed example file (`config/deployment.example.yaml`): every section's built-in defaults, so
 * a state copies it and edits what it changes. `npm run config:example` writes it; a test keeps it so.
 */
export function deploymentExample(sections: readonly AnyConfigSection[]): string {
  const header = [
    "# The platform's built-in configuration, as a deployment file. Copy it, edit what your state changes,",
    "# and name the copy (or a folder of such files) in PLATFORM_CONFIG; `npm run check-config` lists every",
    "# problem it has. Sections left out keep these defaults. See docs/configuration.md.",
    "# Written by `npm run config:example` from each domain's defaults: do not edit this file itself.",
  ];
  const body = sections.map((section) => stringify({ [section.name]: section.defaults }, { lineWidth: 0 }).trimEnd());
  return `${[header.join("\n"), ...body].join("\n\n")}\n`;
}
