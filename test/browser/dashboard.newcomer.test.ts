// The dashboard a newcomer meets (issue 29): the platform launched as `npm start` launches it — the
// compiled launcher, no settings at all, so an embedded store migrated at start and development
// sign-in — with work put in through the public API as a client would, then the page signed in
// through its own sign-in form in Debian's Chromium, as a supervisor and as a case worker. Every panel
// must show its figures and none a problem; a task is claimed from "Ready to claim".
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, watchPage } from "../support/browser";
import { launchWith, stopLaunched } from "../support/launcher";
import { freePort } from "../support/ports";
import { until } from "../support/waiting";

let browser: Browser;
let origin: string;
const scratch = mkdtempSync(path.join(tmpdir(), "pap-newcomer-"));

/** Only what a fresh shell has: none of the test run's settings (its JWT keys, its database) reach the platform. */
function newcomerEnvironment(port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    // Where `npm start` keeps its data (.data/), moved aside so the test never touches a developer's own.
    PGLITE_DATA_DIR: path.join(scratch, "pglite"),
    CONTENT_DIRECTORY: path.join(scratch, "content"),
  };
}

beforeAll(async () => {
  const launched = await launchWith(newcomerEnvironment(await freePort()), "dashboard");
  origin = /dashboard\s+(http:\/\/\S+)\/dashboard/.exec(launched.line)![1]!;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stopLaunched();
  rmSync(scratch, { recursive: true, force: true });
});

/** A call to the public API with a development token, as the README tells a newcomer to get one. */
async function call(method: string, route: string, body?: unknown, role = "state_admin"): Promise<any> {
  const { token } = (await (await fetch(`${origin}/dev/token?role=${role}`)).json()) as { token: string };
  const response = await fetch(`${origin}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Signs in through the page's own form, as a person would, and waits for the live feed. */
async function signIn(role: string): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const watched = watchPage(page);
  await page.goto(`${origin}/dashboard`);
  await page.getByLabel("Role").selectOption(role);
  await page.getByRole("button", { name: "Sign in" }).click();
  await until(`the feed to be live for the ${role}`, async () => (await page.getByTestId("connection").textContent()) === "live", 60_000);
  return { page, ...watched };
}

const figure = async (locator: Locator) => Number(await locator.locator("dd").textContent());

/** Every panel has drawn its figures, and none says it could not. */
async function expectEveryPanelDrawn(page: Page) {
  // A panel that fails says so instead of drawing: stop waiting at the first problem shown.
  await until(
    "every panel to draw its figures",
    async () =>
      (await page.locator(".problem").count()) > 0 ||
      ((await page.getByTestId("queues").locator("article.queue dl.counts").count()) > 0 &&
        (await page.getByTestId("applications").locator("dl.counts").count()) > 0 &&
        (await page.getByTestId("my-work").locator("h3").count()) > 0),
    60_000,
  );
  expect(await page.locator(".problem").allTextContents()).toEqual([]);
}

it("a supervisor signed in through the page sees every panel's figures, the queues and applications as the API put them in", async () => {
  const task = await call("POST", "/workflow/tasks", { name: "Verify the newcomer's income", programType: "snap" });
  for (const channel of ["online", "phone"]) await call("POST", "/intake/applications", { programs: ["snap"], channel });
  const { page, errors, requests } = await signIn("supervisor");
  await expectEveryPanelDrawn(page);

  const snapQueue = page.getByTestId("queue-snap-intake");
  await until("the snap queue to count the new task", async () => (await figure(snapQueue.getByTestId("count-pending"))) >= 1, 60_000);
  expect(await snapQueue.getByTestId("oldest-waiting").textContent()).toContain(task.name);
  await until(
    "the applications panel to count the drafts",
    async () => (await figure(page.getByTestId("applications-draft"))) === 2,
    60_000,
  );
  expect(await figure(page.getByTestId("channel-online"))).toBe(1);
  expect(await figure(page.getByTestId("channel-phone"))).toBe(1);
  expect(await page.locator(".problem").allTextContents()).toEqual([]);
  expect(errors).toEqual([]);
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith(origin.replace("http", "ws")))).toEqual([]);
});

it("a case worker signed in through the page claims a task from Ready to claim", async () => {
  const task = await call("POST", "/workflow/tasks", { name: "Call the newcomer back", programType: "snap" });
  const { page, errors } = await signIn("case_worker");
  await expectEveryPanelDrawn(page);
  const row = page.getByTestId("ready-tasks").getByTestId(`task-${task.id}`);
  await row.getByRole("button", { name: "Claim" }).click();
  await until("the task to be claimed", async () => (await call("GET", `/workflow/tasks/${task.id}`)).status === "in_progress", 60_000);
  await page.getByTestId("my-tasks").getByTestId(`task-${task.id}`).waitFor();
  expect(await page.locator(".problem").allTextContents()).toEqual([]);
  expect(errors).toEqual([]);
});
