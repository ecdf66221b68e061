// The README renders as written (issue 19): a Markdown linter over it, with the rules that catch what
// breaks rendering (fences not closed on a line of their own, fences without blank lines around them,
// links to headings that do not exist) and a few that keep it tidy. Long lines and table padding are
// the project's style, not errors.
import path from "node:path";

const README = path.join(__dirname, "../../README.md");

it("has no Markdown problems", async () => {
  const { lint } = await import("markdownlint/promise");
  const results = await lint({
    files: [README],
    config: { default: true, MD013: false, MD060: false, MD024: { siblings_only: true } },
  });
  const problems = (results[README] ?? []).map((problem) => `README.md:${problem.lineNumber} ${problem.ruleNames.join("/")} ${problem.ruleDescription}${problem.errorDetail ? ` (${problem.errorDetail})` : ""}`);
  expect(problems).toEqual([]);
});
