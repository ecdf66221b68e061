/**
 * The query limits as a caseworker UI meets them: every GraphQL example of the README and the docs
 * (the screens they document) passes the default limits, while what is really abusive is still refused before it
 * runs. Runs against the real gateway, so the relation sizes the domains declare are the ones used.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { useTestPlatform } from "../support/platform";

const { api } = useTestPlatform("graph_limits");

const refusals = ["QUERY_TOO_COMPLEX", "QUERY_TOO_DEEP"];
const codesOf = (result: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  (result.errors ?? []).map((error) => error.extensions?.code);

/** Every Markdown page under docs/. */
function documentation(dir = path.join(__dirname, "../../docs")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return documentation(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

/** The documentation's GraphQL examples, with their placeholder ids made real-looking. */
const readmeExamples = [path.join(__dirname, "../../README.md"), ...documentation()]
  .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/```graphql\n([\s\S]*?)```/g)])
  .map((match) => match[1]!.replaceAll('"…"', '"00000000-0000-4000-8000-000000000001"'));

describe("the default limits", () => {
  it("finds the documentation's examples", () => {
    expect(readmeExamples.length).toBeGreaterThanOrEqual(3);
  });

  it.each(readmeExamples.filter((example) => !example.trimStart().startsWith("subscription")))(
    "let this documented query run: %s",
    async (query) => {
      const result = await api.graphql(query);
      expect(codesOf(result).filter((code) => refusals.includes(code!))).toEqual([]);
    },
  );

  it("let the caseworker screen of the issue run: persons with cases, members, tasks with queues and subjects, appointments", async () => {
    const result = await api.graphql(
      `{ persons(limit: 5) { total items { id attributes cases { id status members { person { id } } tasks { id name status queue { name } subject { __typename ... on Case { id primaryApplicant { id } } } } } tasks { id } appointments { id } } } }`,
    );
    expect(result.errors).toBeUndefined();
  });

  it("refuse pages of pages of pages (100 × 100 × 100)", async () => {
    const result = await api.graphql(
      `{ persons(limit: 100) { items { cases { members { person { cases { members { person { id } } } } } } } } }`,
    );
    expect(codesOf(result)).toContain("QUERY_TOO_COMPLEX");
    const paged = await api.graphql(
      `{ cases(limit: 100) { items { tasks { queue { id } assignedTo { assignedTasks { subject { ... on Case { tasks { id } } } } } } } } }`,
    );
    expect(codesOf(paged)).toContain("QUERY_TOO_COMPLEX");
  });
});
