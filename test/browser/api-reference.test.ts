// The API reference (issue 34): `/docs` draws the platform's own OpenAPI document with Redoc, bundled
// at build time and served by the platform. The platform runs as `npm start` runs it (the compiled
// launcher, no settings, an embedded store); the page is found the way a newcomer finds it, from the
// start banner and from `/`, and opened in Debian's headless Chromium. It must show the operations and
// the domains' sections with every request it makes going to the platform itself and nothing refused
// by its Content-Security-Policy.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser, pageReferences, watchPage } from "../support/browser";
import { launchWith, stopLaunched } from "../support/launcher";
import { freePort } from "../support/ports";

let browser: Browser;
let origin: string;
let docsUrl: string;
const scratch = mkdtempSync(path.join(tmpdir(), "pap-api-reference-"));
const asBrowser = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

beforeAll(async () => {
  const environment = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(await freePort()),
    PGLITE_DATA_DIR: path.join(scratch, "pglite"),
    CONTENT_DIRECTORY: path.join(scratch, "content"),
  };
  const launched = await launchWith(environment, "API docs");
  docsUrl = /API docs\s+(http:\/\/\S+)/.exec(launched.line)![1]!;
  origin = new URL(docsUrl).origin;
  browser = await launchBrowser();
  // A first start migrates the embedded store: on a busy machine it takes longer than a test's default budget.
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stopLaunched();
  rmSync(scratch, { recursive: true, force: true });
});

type Operation = { summary: string; operationId: string; tags: string[] };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

it("is linked from the start banner and from /, under the same security headers as the GraphQL IDE", async () => {
  expect(new URL(docsUrl).pathname).toBe("/docs");
  const index = await (await fetch(`${origin}/`, { headers: asBrowser })).text();
  expect(index).toMatch(/<a href="\/docs">API reference<\/a>/);

  const page = await fetch(docsUrl, { headers: asBrowser });
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  const html = await page.text();
  expect(pageReferences(html).sort()).toEqual(["/docs/assets/api-reference.js", "/docs/assets/redoc.standalone.js"]);
  expect(html).not.toMatch(/https?:\/\//);

  const ide = await fetch(`${origin}/graphql`, { headers: asBrowser });
  expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  expect(page.headers.get("content-security-policy")).toBe(ide.headers.get("content-security-policy"));
  expect(page.headers.get("x-frame-options")).toBe(ide.headers.get("x-frame-options"));

  for (const asset of ["redoc.standalone.js", "api-reference.js"]) {
    const script = await fetch(`${origin}/docs/assets/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
  }
  // The one image Redoc's bundle would fetch from its vendor's CDN was taken out by the build.
  expect(await (await fetch(`${origin}/docs/assets/redoc.standalone.js`)).text()).not.toContain("cdn.redoc.ly");
  expect((await fetch(`${origin}/docs/assets/redoc.standalone.js.map`)).status).toBe(404);
});

it("draws every domain's operations in Chromium, asking nothing of any host but the platform", async () => {
  const document = (await (await fetch(`${origin}/openapi.json`)).json()) as OpenApi;
  const create = document.paths["/intake/applications"]!.post!;
  const tags = [
    ...new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((operation) => operation.tags))),
  ];
  expect(tags.length).toBeGreaterThanOrEqual(5);

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto(docsUrl);

  // The operation that starts an application, under its domain's section, with its method and path.
  const operation = page.locator(`[id="tag/${create.tags[0]}/operation/${create.operationId}"]`);
  const heading = operation.locator("h2").first();
  await heading.waitFor({ timeout: 60_000 });
  expect((await heading.textContent())?.trim()).toBe(create.summary);
  expect(await operation.textContent()).toContain("/intake/applications");
  // A section per domain (the headings' text, their anchors aside).
  const sections = (await page.locator("h2").allTextContents()).map((text) => text.trim());
  expect(sections).toEqual(expect.arrayContaining(tags));

  // The search runs in the page too: it finds the operation by its words.
  await page.getByPlaceholder("Search...").fill(create.summary);
  await page.locator('[data-role="search:results"]').getByText(create.summary, { exact: true }).first().waitFor();

  await context.close();
  const elsewhere = watched.requests.filter((request) => !/^(data|blob):/.test(request) && new URL(request).origin !== origin);
  expect(elsewhere).toEqual([]);
  expect(watched.requests).toContain(`${origin}/openapi.json`);
  expect(watched.errors).toEqual([]);
});
