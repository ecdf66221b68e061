// The dashboard where a real identity provider issues tokens (AUTH_MODE jwt, as a deployment runs):
// the page asks for a bearer token instead of a role, and each panel shows only what the token's
// roles may read. Debian's headless Chromium, driven by Playwright.
import type { Page } from "playwright-core";
import { tokenFor } from "../support/auth";
import { textOf, useBrowser, watchPage } from "../support/browser";
import { useTestPlatform } from "../support/platform";
import { until } from "../support/waiting";

const { url } = useTestPlatform("dashboard_jwt_browser");
const { browser } = useBrowser();

async function signInWith(page: Page, token: string) {
  await page.getByLabel("Bearer token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
}

it("takes a pasted bearer token, and shows an applicant only what an applicant may read", async () => {
  const page = await (await browser().newContext()).newPage();
  const watched = watchPage(page);
  await page.goto(`${url()}/dashboard`);
  // No development tokens here: no role to pick.
  expect(await page.getByLabel("Role").count()).toBe(0);
  await page.getByLabel("Bearer token").fill("not a token");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").filter({ hasText: "not a bearer token" }).waitFor();

  await signInWith(page, await tokenFor(["applicant"], { sub: "dashboard|applicant" }));
  await until("the queues to be refused", async () => (await textOf(page, "queues")).includes("Your role may not read this."));
  // No account, so no work: the page says so rather than asking for tasks.
  await until("my work to say there is no account", async () => (await textOf(page, "my-work")).includes("names no account"));
  // Applications an applicant may read (their own: none yet) are counted.
  await page.getByTestId("applications-draft").waitFor();
  expect(await textOf(page, "who")).toContain("dashboard|applicant");
  expect(watched.errors).toEqual([]);

  await page.getByRole("button", { name: "Sign out" }).click();
  await signInWith(page, await tokenFor(["supervisor"], { sub: "dashboard|supervisor" }));
  await page.getByTestId("queue-snap-intake").waitFor();
  await until("the feed to be live", async () => (await textOf(page, "connection")) === "live");
  expect(await textOf(page, "queues")).not.toContain("Your role may not read this.");
  expect(watched.errors).toEqual([]);
});
