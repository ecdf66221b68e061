// The README, the contributing, security and changelog pages beside it, and the pages under docs/
// render as written: a Markdown linter over each, with the rules that catch what breaks rendering
// (fences not closed on a line of their own, fences without blank lines around them, links to
// headings that do not exist) and a few that keep them tidy. Long lines
// and table padding are the project's style, not errors.
//
// Every link stays in the repository and lands somewhere: a relative link names a file that exists
// (and, into Markdown, a heading it has); a link with a scheme (https:, mailto:…), a rooted path or
// one that climbs out of the repository is refused. Outside documents are cited in words instead.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
type MicromarkToken = import("markdownlint", { with: { "resolution-mode": "import" }}).MicromarkToken;
type Rule = import("markdownlint", { with: { "resolution-mode": "import" }}).Rule;

/** The repository's root: the nearest folder above whose package.json declares the workspaces. */
function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).workspaces) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json with workspaces above ${from}`);
  }
}

const root = repositoryRoot(__dirname);

function markdownUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return markdownUnder(full);
      return name.endsWith(".md") ? [full] : [];
    });
}

/** The pages an open project carries at its root, beside the README. */
const projectFiles = ["CONTRIBUTING.md", "SECURITY.md", "CHANGELOG.md"];

/** What is linted: the README, the project's files beside it and every Markdown page under docs/, by their paths from the root. */
const documents = [
  path.join(root, "README.md"),
  ...projectFiles.map((file) => path.join(root, file)),
  ...markdownUnder(path.join(root, "docs")),
].map((file) => path.relative(root, file));

const rules = { default: true, MD013: false, MD060: false, MD024: { siblings_only: true } };

type Link = { file: string; line: number; target: string };

function walk(tokens: readonly MicromarkToken[], visit: (token: MicromarkToken) => void): void {
  for (const token of tokens) {
    visit(token);
    walk(token.children, visit);
  }
}

/** Records each link's destination: inline links and images, definitions, and autolinks of every kind. */
function linkRecorder(links: Link[]): Rule {
  const destinations = new Set(["resourceDestinationString", "definitionDestinationString", "autolink", "literalAutolink"]);
  return {
    names: ["repository-links-recorder"],
    description: "records every link for the repository link check",
    tags: ["links"],
    parser: "micromark",
    function: (params) => {
      walk(params.parsers.micromark.tokens, (token) => {
        if (destinations.has(token.type))
          links.push({ file: params.name, line: token.startLine, target: token.text.replace(/^<|>$/g, "") });
      });
    },
  };
}

/** The fragment GitHub gives a heading, as markdownlint's link-fragments rule computes it. */
function headingFragment(heading: MicromarkToken): string {
  const text: string[] = [];
  const visit = (tokens: readonly MicromarkToken[]) => {
    for (const token of tokens) {
      if (["characterEscapeValue", "codeTextData", "data", "mathTextData"].includes(token.type)) text.push(token.text);
      else if (!["image", "reference", "resource"].includes(token.type)) visit(token.children);
    }
  };
  visit(heading.children);
  const slug = text
    .join("")
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Mark}\p{Number}\p{Connector_Punctuation}\- ]/gu, "")
    .replace(/ /g, "-");
  return encodeURIComponent(slug);
}

/** Records each file's heading fragments, numbered as GitHub numbers repeated headings. */
function headingRecorder(fragments: Map<string, Set<string>>): Rule {
  return {
    names: ["repository-headings-recorder"],
    description: "records every heading's fragment for the repository link check",
    tags: ["headings"],
    parser: "micromark",
    function: (params) => {
      const seen = new Map<string, number>();
      const own = new Set<string>();
      walk(params.parsers.micromark.tokens, (token) => {
        if (token.type !== "atxHeadingText" && token.type !== "setextHeadingText") return;
        const fragment = headingFragment(token);
        const count = seen.get(fragment) ?? 0;
        own.add(count ? `${fragment}-${count}` : fragment);
        seen.set(fragment, count + 1);
      });
      fragments.set(path.normalize(params.name), own);
    },
  };
}

type Linted = { problems: string[]; links: Link[]; fragments: Map<string, Set<string>> };

/** Lints Markdown (files by their paths from the root, or strings named as if they were such files). */
async function lintMarkdown(input: { files: string[] } | { strings: Record<string, string> }): Promise<Linted> {
  const { lint } = await import("markdownlint/promise");
  const links: Link[] = [];
  const fragments = new Map<string, Set<string>>();
  const options = "files" in input ? { files: input.files.map((file) => path.join(root, file)) } : { strings: input.strings };
  const results = await lint({ ...options, config: rules, customRules: [linkRecorder(links), headingRecorder(fragments)] });
  const relative = (name: string) => (path.isAbsolute(name) ? path.relative(root, name) : name);
  const problems = Object.entries(results).flatMap(([name, found]) =>
    found.map(
      (problem) =>
        `${relative(name)}:${problem.lineNumber} ${problem.ruleNames.join("/")} ${problem.ruleDescription}${problem.errorDetail ? ` (${problem.errorDetail})` : ""}`,
    ),
  );
  return {
    problems,
    links: links.map((link) => ({ ...link, file: relative(link.file) })),
    fragments: new Map([...fragments].map(([name, set]) => [path.normalize(relative(name)), set])),
  };
}

/** What is wrong with a link, or null: it must be relative, stay in the repository and land on a file (and heading) there. */
async function linkProblem(link: Link, fragments: Map<string, Set<string>>, exists: (file: string) => boolean): Promise<string | null> {
  const where = `${link.file}:${link.line} ${link.target}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target) || link.target.startsWith("//") || link.target.startsWith("www."))
    return `${where}: leaves the repository`;
  if (link.target.startsWith("#")) return null; // a heading of the same page: markdownlint's link-fragments rule checks it
  if (link.target.startsWith("/")) return `${where}: a rooted path; write it relative to the page`;
  const [pathPart = "", fragment] = link.target.split("#", 2);
  const target = path.normalize(path.join(path.dirname(link.file), decodeURIComponent(pathPart)));
  if (target === ".." || target.startsWith(`..${path.sep}`) || path.isAbsolute(target)) return `${where}: leaves the repository`;
  if (!exists(target)) return `${where}: no such file (${target})`;
  if (fragment === undefined || !target.endsWith(".md")) return null;
  if (!fragments.has(target)) {
    const { fragments: more } = await lintMarkdown({ files: [target] });
    for (const [name, set] of more) fragments.set(name, set);
  }
  return fragments.get(target)?.has(fragment.toLowerCase()) ? null : `${where}: ${target} has no heading #${fragment}`;
}

const existsInRepository = (file: string) => existsSync(path.join(root, file));

let linted: Linted;
beforeAll(async () => {
  linted = await lintMarkdown({ files: documents });
});

it("lints the README, the project's files and the docs folder", () => {
  expect(documents).toContain("README.md");
  for (const file of projectFiles) expect(existsSync(path.join(root, file))).toBe(true);
  expect(documents.filter((file) => file.startsWith(`docs${path.sep}`)).length).toBeGreaterThan(0);
});

it.each(documents)("%s has no Markdown problems", (file) => {
  expect(linted.problems.filter((problem) => problem.startsWith(`${file}:`))).toEqual([]);
});

it.each(documents)("%s links only to files and headings in the repository", async (file) => {
  const problems = [];
  for (const link of linted.links.filter((candidate) => candidate.file === file))
    problems.push(await linkProblem(link, linted.fragments, existsInRepository));
  expect(problems.filter(Boolean)).toEqual([]);
});

it("refuses each kind of link that leaves the repository or lands nowhere", async () => {
  const page = [
    "# Page",
    "",
    "## A section",
    "",
    "[kept](#a-section) [sibling](other.md#its-heading) [file](../package.json) [image](../docs/x.png)",
    "[web](https://example.org/spec) [mail](mailto:someone@example.org) <https://example.org/autolink>",
    "[outside](../../shared/SPEC.md) [rooted](/docs/other.md) [missing](missing.md) [no heading](other.md#nothing)",
    "",
    "[defined]: https://example.org/defined",
    "",
  ].join("\n");
  const { links, fragments } = await lintMarkdown({
    strings: { [path.join("docs", "page.md")]: page, [path.join("docs", "other.md")]: "# Other\n\n## Its heading\n" },
  });
  const files = new Set(["package.json", path.join("docs", "x.png"), path.join("docs", "other.md")]);
  const problems = [];
  for (const link of links) problems.push(await linkProblem(link, fragments, (file) => files.has(file)));
  expect(problems.filter(Boolean).map((problem) => problem!.replace(/^\S+ (\S+).*: (.*)$/, "$1 → $2"))).toEqual([
    "https://example.org/spec → leaves the repository",
    "mailto:someone@example.org → leaves the repository",
    "https://example.org/autolink → leaves the repository",
    "../../shared/SPEC.md → leaves the repository",
    "/docs/other.md → a rooted path; write it relative to the page",
    `missing.md → no such file (${path.join("docs", "missing.md")})`,
    `other.md#nothing → ${path.join("docs", "other.md")} has no heading #nothing`,
    "https://example.org/defined → leaves the repository",
  ]);
});
