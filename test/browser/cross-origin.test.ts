// A browser app on another origin, as an agency's own caseworker UI would be: Chromium loads a page
// from a second HTTP server and calls the platform with a bearer token. CORS lets the configured
// origin read the answers and keeps them from any other; every answer carries the security headers.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningPlatform } from "@pap/gateway";
import type { Browser } from "playwright-core";
import { tokenFor } from "../support/auth";
import { launchBrowser } from "../support/browser";
import { startPlatformOn } from "../support/live";
import { createTestDatabase } from "../support/platform";

/** A server for one origin's page: a blank HTML page, so the page's own script runs in that origin. */
async function pageServer(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) =>
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>app</title>"),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let platform: RunningPlatform;
let allowed: { origin: string; server: Server };
let other: { origin: string; server: Server };
let browser: Browser;

beforeAll(async () => {
  [allowed, other] = [await pageServer(), await pageServer()];
  platform = await startPlatformOn(await createTestDatabase("cross_origin"), { CORS_ORIGINS: allowed.origin });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
  for (const { server } of [allowed, other]) server?.close();
});

/** What a page on `origin` gets when its script reads `path` from the platform with a bearer token. */
async function fetchFrom(origin: string, path: string, init: { method?: string; body?: string } = {}) {
  const page = await browser.newPage();
  try {
    await page.goto(origin);
    const token = await tokenFor(["case_worker"], { sub: "cross-origin|worker" });
    return await page.evaluate(
      async ({ url, token, init }) => {
        try {
          const response = await fetch(url, {
            ...init,
            headers: { authorization: `Bearer ${token}`, ...(init.body && { "content-type": "application/json" }) },
          });
          return { status: response.status, body: await response.json(), location: response.headers.get("location") };
        } catch (error) {
          return { refused: String(error) };
        }
      },
      { url: `${platform.url}${path}`, token, init },
    );
  } finally {
    await page.close();
  }
}

describe("a browser app on another origin", () => {
  it("reads the REST surface from a configured origin", async () => {
    const answer = await fetchFrom(allowed.origin, "/persons?limit=1");
    expect(answer).toMatchObject({ status: 200, body: { items: expect.any(Array), limit: 1 } });
  });

  it("writes with a JSON body (a preflighted request) and reads the Location it is given", async () => {
    const body = JSON.stringify({ name: { firstName: "Ada", lastName: "Cross" }, dateOfBirth: "1990-01-02" });
    const answer = await fetchFrom(allowed.origin, "/persons", { method: "POST", body });
    expect(answer).toMatchObject({ status: 201, body: { id: expect.any(String) } });
    expect(answer.location).toContain("/persons/");
  });

  it("queries the graph from a configured origin", async () => {
    const body = JSON.stringify({ query: "{ persons(limit: 1) { limit items { id } } }" });
    const answer = await fetchFrom(allowed.origin, "/graphql", { method: "POST", body });
    expect(answer).toMatchObject({ status: 200, body: { data: { persons: { limit: 1, items: expect.any(Array) } } } });
  });

  it("is refused by the browser from any other origin", async () => {
    const answer = await fetchFrom(other.origin, "/persons?limit=1");
    expect(answer).toEqual({ refused: expect.stringContaining("Failed to fetch") });
  });
});

describe("the answers' headers", () => {
  it("grant CORS to a configured origin's preflight only", async () => {
    const preflight = (origin: string) =>
      fetch(`${platform.url}/persons`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "PATCH",
          "access-control-request-headers": "authorization, if-match, content-type",
        },
      });
    const granted = await preflight(allowed.origin);
    expect(granted.status).toBeLessThan(300);
    expect(granted.headers.get("access-control-allow-origin")).toBe(allowed.origin);
    expect(granted.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("if-match");
    expect((await preflight(other.origin)).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("carry the security headers on pages, answers and refusals alike", async () => {
    for (const path of ["/dashboard", "/persons", "/no-such-path"]) {
      const response = await fetch(`${platform.url}${path}`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    }
  });
});
