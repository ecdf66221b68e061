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

/**
 * Every URL a page asked for, and what it threw: a page must load nothing from another host, and a
 * script error is a failure even when the screen looks right.
 */
export function watchPage(page: Page): { requests: string[]; errors: string[] } {
  const watched = { requests: [] as string[], errors: [] as string[] };
  page.on("request", (request) => watched.requests.push(request.url()));
  page.on("websocket", (socket) => watched.requests.push(socket.url()));
  page.on("pageerror", (error) => watched.errors.push(error.message));
  return watched;
}
