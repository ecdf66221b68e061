// The GraphQL IDE (issue 19): a browser's GET of /graphql answers GraphiQL, bundled from this
// repository and served by the platform itself, so the page loads nothing from another host; queries
// by GET and POST are answered as before. (A real browser drives it in the dashboard's tests.)
import { pageReferences } from "../support/browser";
import { useTestPlatform } from "../support/platform";

const { url, api } = useTestPlatform("graphql_ide");

it("answers a browser with GraphiQL whose every asset is this platform's own", async () => {
  const page = await fetch(`${url()}/graphql`, { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  const html = await page.text();
  expect(pageReferences(html).sort()).toEqual(["/graphql-ide/graphiql.css", "/graphql-ide/graphiql.js"]);
  expect(html).not.toMatch(/https?:\/\//);
  const config = JSON.parse(html.match(/<script type="application\/json" id="ide-config">([^<]*)<\/script>/)![1]!);
  expect(typeof config.development).toBe("boolean");

  const script = await fetch(`${url()}/graphql-ide/graphiql.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get("content-type")).toContain("javascript");
  expect((await script.text()).length).toBeGreaterThan(100_000);
  const styles = await fetch(`${url()}/graphql-ide/graphiql.css`);
  expect(styles.headers.get("content-type")).toContain("text/css");
  expect((await fetch(`${url()}/graphql-ide/other.js`)).status).toBe(404);
});

it("still answers queries: by POST, and by GET with a query", async () => {
  expect((await api.graphql("{ __typename }")).data).toEqual({ __typename: "Query" });
  const viaGet = await api.raw("GET", `/graphql?query=${encodeURIComponent("{ __typename }")}`, undefined, {
    "apollo-require-preflight": "true",
  });
  expect(viaGet.body).toEqual({ data: { __typename: "Query" } });
});
