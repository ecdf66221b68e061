import { chromium, type Page } from "playwright-core";
import { now, percentile, sleep } from "../measure";
import { admin, benchToken, freshDatabase, startPlatform, watched } from "../platform";
import { attempt, type Suite } from "../suite";
import { openSubscription } from "./event-clients";

// How soon a task created through REST shows on /dashboard in headless Chromium (the specification:
// within one second, without polling), and its event in the page's feed against a bare subscriber.

const countSelector = `[data-testid="queue-snap-intake"] [data-testid="count-pending"] dd`;
type FeedWatch = { __listedAt?: Record<string, number> };

export const dashboard: Suite = async (context) => {
  const { scope, quick } = context;
  const changes = quick ? 5 : 60;
  context.note(`${changes} tasks created one after another into the snap-intake queue`);
  const database = await freshDatabase(scope);
  const platform = await startPlatform(scope, database.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  scope.defer(() => browser.close());
  const page = await signedInAsSupervisor(await browser.newPage({ viewport: { width: 1400, height: 1000 } }), platform.restBase);
  const arrivals = new Map<string, number>();
  const arrived = (id: string, at: number) => void arrivals.set(id, at);
  const socketUrl = `${platform.graphqlBase.replace(/^http/, "ws")}/graphql`;
  const subscriber = await openSubscription(socketUrl, admin, arrived, "workflow.task.created");
  scope.defer(() => subscriber.close());

  const samples = await attempt(context, [{ scenario: "change-shown" }, { scenario: "event-listed" }], () =>
    watched([platform], async () => {
      const samples = { shown: [] as number[], listed: [] as number[], subscriber: [] as number[] };
      for (let change = 0; change < changes; change++) {
        const before = Number(await page.textContent(countSelector));
        const created = await fetch(`${platform.restBase}/workflow/tasks`, {
          method: "POST",
          headers: { ...admin, "content-type": "application/json" },
          body: JSON.stringify({ name: `Bench task ${change}`, programType: "snap" }),
        });
        const answeredAt = now();
        if (created.status !== 201)
          throw new Error(`POST /workflow/tasks answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
        const taskId = ((await created.json()) as { id: string }).id;
        // Watched in the page itself, every animation frame: the moment the figure changes on screen.
        await page.waitForFunction(
          ({ selector, expected }) => Number(document.querySelector(selector)?.textContent) === expected,
          { selector: countSelector, expected: before + 1 },
          { polling: "raf", timeout: 30_000 },
        );
        samples.shown.push(now() - answeredAt);
        const found = (await (
          await fetch(`${platform.restBase}/platform/events?subject=${taskId}&type=workflow.task.created`, { headers: admin })
        ).json()) as { items: { id: string }[] };
        if (found.items.length !== 1)
          throw new Error(`expected one workflow.task.created event for ${taskId}, found ${found.items.length}`);
        const eventId = found.items[0]!.id;
        for (const deadline = Date.now() + 30_000; !arrivals.has(eventId); await sleep(5))
          if (Date.now() > deadline) throw new Error(`event ${eventId} never reached the subscriber`);
        const listedAt = await page.evaluate((id) => (window as unknown as FeedWatch).__listedAt?.[id], eventId);
        if (listedAt === undefined) throw new Error(`event ${eventId} was never listed in the page's feed`);
        samples.listed.push(listedAt - answeredAt);
        samples.subscriber.push(arrivals.get(eventId)! - answeredAt);
      }
      const failure = subscriber.failure();
      if (failure) throw new Error(`the comparison's subscription failed: ${failure}`);
      return samples;
    }),
  );
  if (!samples) return;
  const within = samples.shown.filter((ms) => ms <= 1000).length;
  context.record({
    scenario: "change-shown",
    ours: percentile(samples.shown, 95),
    comparison: 1000,
    detail: `p50 ${percentile(samples.shown, 50).toFixed(0)} ms, max ${percentile(samples.shown, 100).toFixed(0)} ms; ${within} of ${changes} within 1 s`,
  });
  context.record({
    scenario: "event-listed",
    ours: percentile(samples.listed, 95),
    comparison: percentile(samples.subscriber, 95),
    detail: `p50 ${percentile(samples.listed, 50).toFixed(0)} / ${percentile(samples.subscriber, 50).toFixed(0)} ms`,
  });
};

/** Signs in with a supervisor's token, waits for the live connection, and notes when each event is listed in the feed. */
async function signedInAsSupervisor(page: Page, base: string): Promise<Page> {
  await page.goto(`${base}/dashboard`);
  await page.getByLabel("Bearer token").fill(await benchToken(["supervisor"], { sub: "bench|supervisor" }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="connection"]')?.textContent === "live", undefined, {
    timeout: 60_000,
  });
  await page.waitForSelector(countSelector, { timeout: 60_000 });
  // On the same wall-clock scale as the run's own `now()`.
  await page.evaluate(() => {
    const watch = window as unknown as FeedWatch;
    watch.__listedAt = {};
    new MutationObserver((mutations) => {
      const at = performance.timeOrigin + performance.now();
      for (const node of mutations.flatMap((mutation) => [...mutation.addedNodes])) {
        const id = node instanceof HTMLElement ? node.dataset.eventId : undefined;
        if (id && watch.__listedAt![id] === undefined) watch.__listedAt![id] = at;
      }
    }).observe(document.querySelector('[data-testid="events"]')!, { childList: true });
  });
  return page;
}
