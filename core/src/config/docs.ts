import { settingDeclarations, settingGroups, settingNames, type SettingDeclaration, type SettingName } from "./schema";

/**
 * The documentation generated from the declarations (`npm run config:docs`): `.env.example` at the
 * repository root and the configuration tables of docs/operations.md, between the markers below.
 * `test/config.docs.test.ts` fails when either differs from what these render.
 */
export const README_BEGIN = "<!-- configuration:begin (generated from core/src/config/schema.ts by npm run config:docs; edit there) -->";
export const README_END = "<!-- configuration:end -->";

const entries = () => settingNames.map((name) => [name, settingDeclarations[name] as SettingDeclaration] as const);
const cell = (markdown: string) => markdown.replace(/\|/g, "\\|");

/** The configuration tables: what production requires, then every variable by group. */
export function readmeConfigurationTables(): string {
  const required = entries().filter(([, declaration]) => declaration.production);
  const lines = ["#### What production requires", "", "| Variable | With `NODE_ENV=production` |", "|---|---|"];
  for (const [name, declaration] of required) lines.push(`| \`${name}\` | ${cell(declaration.production!)} |`);
  lines.push(
    "| any misspelt platform variable | refused: `DATABSE_URL` is named with the variable it likely meant (elsewhere a warning) |",
  );
  for (const group of settingGroups) {
    lines.push("", `#### ${group}`, "", "| Variable | Default | Meaning |", "|---|---|---|");
    for (const [name, declaration] of entries().filter(([, declaration]) => declaration.group === group)) {
      lines.push(`| \`${name}\` | ${cell(declaration.default)} | ${cell(declaration.meaning)} |`);
    }
  }
  return lines.join("\n");
}

/** A page with its generated block replaced by what the declarations render now. */
export function withConfigurationTables(page: string): string {
  const begin = page.indexOf(README_BEGIN);
  const end = page.indexOf(README_END);
  if (begin < 0 || end < begin) throw new Error(`the page has no configuration block (${README_BEGIN} … ${README_END})`);
  return `${page.slice(0, begin + README_BEGIN.length)}\n\n${readmeConfigurationTables()}\n\n${page.slice(end)}`;
}

const plain = (markdown: string) => markdown.replace(/\[([^\]]+)\]\([^)]*\)/g, "$1");

function wrapped(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > width && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** A value to show beside the name: the example, else the default when it is one literal value. */
function shownValue(declaration: SettingDeclaration): string {
  if (declaration.example) return declaration.example;
  return /^`([^`]*)`$/.exec(declaration.default.replace(/ \(.*\)$/, ""))?.[1] ?? "";
}

/** `.env.example`: every operator's variable, commented out, with its meaning, default and what production asks. */
export function envExample(): string {
  const lines = [
    "# Every environment variable the Public Assistance Platform reads, with its default; all commented out.",
    "# Generated from core/src/config/schema.ts by `npm run config:docs`: edit there, not here.",
    "# Use: copy to .env, set what the deployment needs, `node --env-file=.env gateway/dist/main.js --check`.",
    "# With NODE_ENV=production the variables marked 'Production:' must be set as it says, or the start is refused.",
  ];
  for (const group of settingGroups) {
    const members = entries().filter(([, declaration]) => declaration.group === group && !declaration.internal);
    if (!members.length) continue;
    lines.push("", `# ---- ${group} ----`);
    for (const [name, declaration] of members) {
      const meaning = plain(declaration.meaning);
      lines.push("", ...wrapped(/[.)]$/.test(meaning) ? meaning : `${meaning}.`), ...wrapped(`Default: ${plain(declaration.default)}.`));
      if (declaration.production) lines.push(...wrapped(`Production: ${plain(declaration.production)}.`));
      lines.push(`# ${name}=${shownValue(declaration)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The names `.env.example` lists (every declaration an operator sets). */
export const operatorSettings = (): SettingName[] =>
  entries()
    .filter(([, declaration]) => !declaration.internal)
    .map(([name]) => name);
