// The dashboard on a production graph that runs only trusted documents (GRAPHQL_TRUSTED_DOCUMENTS set
// to the dashboard's build manifest alone): every panel still loads and goes live, each operation sent
// by its hash, never as text. Debian's headless Chromium, driven by Playwright.
import path from "node:path";
import { tokenFor } from "../support/auth";
import { textOf, useBrowser, watchPage } from "../support/browser";
import { newTask } from "../support/creators";
import { useTestPlatform } from "../support/platform";
import { productionTestEnv, withEnvironment } from "../support/production-env";
import { until } from "../support/waiting";

withEnvironment({
  ...productionTestEnv,
  GRAPHQL_TRUSTED_DOCUMENTS: path.join(__dirname, "../../web/dist/dashboard/trusted-documents.json"),
});
const { api, url } = useTestPlatform("dashboard_trusted_browser");
const { browser } = useBrowser();

it("loads every panel and counts a new task live, sending each operation by its hash", async () => {
  const page = await (await browser().newContext()).newPage();
  const watched = watchPage(page);
  const sent: Array<Record<string, unknown>> = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/graphql" && request.method() === "POST") sent.push(request.postDataJSON());
  });
  await page.goto(`${url()}/dashboard`);
  await page.getByLabel("Bearer token").fill(await tokenFor(["supervisor"], { sub: "dashboard|trusted-supervisor" }));
  await page.getByRole("button", { name: "Sign in" }).click();

  const pending = page.getByTestId("queue-snap-intake").getByTestId("count-pending").locator("dd");
  await pending.waitFor();
  await page.getByTestId("applications-draft").waitFor();
  await until("the feed to be live", async () => (await textOf(page, "connection")) === "live");
  const before = Number(await pending.textContent());
  await newTask(api, { name: "Check the trusted dashboard", programType: "snap" });
  await until("the queue's pending count to rise", async () => Number(await pending.textContent()) === before + 1);

  expect(await textOf(page, "queues")).not.toMatch(/PERSISTED_QUERY|not one of them|Your role may not/);
  expect(watched.errors).toEqual([]);
  // Queues, a queue's overview, applications, my work, the recent events: all by hash, none as text.
  expect(sent.length).toBeGreaterThanOrEqual(5);
  for (const body of sent) {
    expect(body).not.toHaveProperty("query");
    expect(body).toMatchObject({ extensions: { persistedQuery: { version: 1, sha256Hash: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
  }
});
