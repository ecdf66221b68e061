// Debian's Chromium, headless, driven by Playwright: the browser tests' real browser. The flags keep it
// from reaching for Google's services, which these machines' closed network would refuse.
import { chromium, type Browser, type Page } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** One browser for a test file: launched before its tests, closed after them; `browser()` is it. */
export function useBrowser(): { browser: () => Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { browser: () => browser! };
}

/** The text of the element with `data-testid` `testId` ("" when it has none). */
export const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";

/**
 * What a page's HTML loads (`src` and `href`), but `data:` references, which load nothing (the empty
 * icon that spares a favicon request): the files the page asks this process for.
 */
export const pageReferences = (html: string): string[] =>
  [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!).filter((reference) => !reference.startsWith("data:"));

/**
 * Every URL a page asked for, what it threw, and what the page's Content-Security-Policy refused: a
 * page must load nothing from another host, and a script error or a refused script, style or
 * connection is a failure even when the screen looks right.
 */
export function watchPage(page: Page): { requests: string[]; errors: string[] } {
  const watched = { requests: [] as string[], errors: [] as string[] };
  page.on("request", (request) => watched.requests.push(request.url()));
  page.on("websocket", (socket) => watched.requests.push(socket.url()));
  page.on("pageerror", (error) => watched.errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) watched.errors.push(message.text());
  });
  return watched;
}
