import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { authorization, benchToken } from "../auth";
import { now, percentile, sleep } from "../events/clock";
import { openSubscription } from "../events/subscription";
import { firstLine, positive, runMain } from "../process";
import { finishRun, machineFacts, reportOpening, resultsSection, writeReportLines } from "../report";
import { inSingleSession, sessionTargetFromEnv } from "../single-session";

// `npm run bench:dashboard`: how long after a change the dashboard shows it (issue 19: within one
// second, without polling). Against the platform in single mode on a fresh database, Debian's Chromium
// headless holds the dashboard signed in as a supervisor; one task at a time is created through REST,
// and the time from the REST answer to the queue's count changing on the page is measured. The
// comparison, in the same run and for the same tasks: a bare graphql-ws client subscribed to the same
// events, as the page is: the time from the REST answer to the event's arrival there. The page's own
// feed says when the event reached it; what follows is its own work: the burst wait, the re-read of
// the queues, React's render.

const QUEUE = "snap-intake";
const countSelector = `[data-testid="queue-${QUEUE}"] [data-testid="count-pending"] dd`;

/** From the REST answer: the event listed in the page's live feed, the count shown, the event at the bare subscriber. */
type Sample = { feed: number; page: number; subscriber: number };

async function main(): Promise<number> {
  const startedAt = new Date();
  const target = sessionTargetFromEnv(process.env, { variable: "BENCH_DASHBOARD_PORT", fallback: 4470 });
  const changes = positive(process.env, "BENCH_DASHBOARD_CHANGES", 60);
  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);
  const loadBefore = os.loadavg()[0]!;
  log(`machine: ${Object.entries(machineFacts()).map(([name, value]) => `${name} ${value}`).join(", ")}; load average ${loadBefore.toFixed(1)}`);

  const samples: Sample[] = [];
  const problems: string[] = [];
  let browser: Browser | undefined;
  await inSingleSession({
    ...target,
    log,
    failed: (reason) => problems.push(`not measured: ${reason}`),
    measure: async ({ server }) => {
      const base = server.restBase;
      browser = await chromium.launch({
        executablePath: chromiumPath,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
      });
      const page = await signedInAsSupervisor(browser, base);
      log("dashboard signed in as a supervisor, live");

      const arrivals = new Map<string, number>();
      const subscription = await openSubscription(`${server.graphqlBase.replace(/^http/, "ws")}/graphql`, (id, at) => arrivals.set(id, at), "workflow.task.created");
      try {
        for (let change = 0; change < changes; change++) {
          const before = await pendingCount(page);
          const created = await fetch(`${base}/workflow/tasks`, {
            method: "POST",
            headers: { ...authorization, "content-type": "application/json" } as Record<string, string>,
            body: JSON.stringify({ name: `Bench task ${change}`, programType: "snap" }),
          });
          const answeredAt = now();
          if (created.status !== 201) throw new Error(`POST /workflow/tasks answered ${created.status}: ${firstLine(await created.text())}`);
          const taskId = ((await created.json()) as { id: string }).id;
          // Watched in the page itself, every animation frame: the moment the figure changes on screen.
          await page.waitForFunction(({ selector, expected }) => Number(document.querySelector(selector)?.textContent) === expected, { selector: countSelector, expected: before + 1 }, { polling: "raf", timeout: 30_000 });
          const shownAt = now();
          const eventId = await eventIdOf(base, taskId);
          const arrived = await waitForArrival(arrivals, eventId);
          const listedAt = await page.evaluate((id) => (window as unknown as FeedWatch).__listedAt?.[id], eventId);
          if (listedAt === undefined) throw new Error(`event ${eventId} was never listed in the page's feed`);
          samples.push({ feed: listedAt - answeredAt, page: shownAt - answeredAt, subscriber: arrived - answeredAt });
          if ((change + 1) % 20 === 0) log(`${change + 1}/${changes} changes measured`);
        }
        const failure = subscription.failure();
        if (failure) problems.push(`the comparison's subscription failed: ${failure}`);
      } finally {
        await subscription.close();
      }
    },
  });
  await browser?.close();

  const feedStats = stats(samples.map((sample) => sample.feed));
  const pageStats = stats(samples.map((sample) => sample.page));
  const subscriberStats = stats(samples.map((sample) => sample.subscriber));
  if (samples.length < changes && !problems.length) problems.push(`only ${samples.length} of ${changes} changes were measured`);
  const loadAfter = os.loadavg()[0]!;
  const row = (name: string, figures: Stats) => `| ${name} | ${figures.p50.toFixed(0)} | ${figures.p95.toFixed(0)} | ${figures.max.toFixed(0)} |`;
  const table = [
    "| From the REST answer to… | p50 ms | p95 ms | max ms |",
    "|---|---:|---:|---:|",
    row("the event listed in the dashboard's live feed", feedStats),
    row("the dashboard showing the new count", pageStats),
    row("the event reaching a bare graphql-ws subscriber (comparison)", subscriberStats),
    "",
    `Page / subscriber at the median: ${(pageStats.p50 / Math.max(subscriberStats.p50, 0.001)).toFixed(1)}×; ${samples.filter((sample) => sample.page <= 1000).length} of ${samples.length} changes shown within one second. Load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
  ];
  const file = path.join(target.repositoryRoot, "bench/results/dashboard-latest.md");
  await writeReportLines(file, [
    ...reportOpening("Dashboard update latency", `Run ${startedAt.toISOString()}; ${samples.length} changes.`),
    `- The platform in single mode (\`NODE_ENV=production\`, signed in with a token the benchmark signs) on a fresh PostgreSQL database; the dashboard at \`/dashboard\` in Debian's Chromium, headless, signed in as a supervisor; a bare graphql-ws client subscribed to \`workflow.task.created\` beside it.`,
    `- ${changes} times, one after another: a task created through \`POST /workflow/tasks\` into the \`${QUEUE}\` queue; from its answer, the time until the task's event is listed in the page's live feed (a MutationObserver in the page), until the page's pending count for the queue shows the task (watched in the page every animation frame), and until the bare subscriber received the event.`,
    ...resultsSection(table, problems),
  ]);
  process.stdout.write(`\n${table.join("\n")}\n`);
  return finishRun(file, elapsed(), problems);
}

async function signedInAsSupervisor(browser: Browser, base: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${base}/dashboard`);
  await page.getByLabel("Bearer token").fill(await benchToken(["supervisor"], { sub: "bench|supervisor" }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="connection"]')?.textContent === "live", undefined, { timeout: 60_000 });
  await page.waitForSelector(countSelector, { timeout: 60_000 });
  // When each event is listed in the feed, on the same wall-clock scale as the run's own `now()`.
  await page.evaluate(() => {
    const watch = window as unknown as FeedWatch;
    watch.__listedAt = {};
    new MutationObserver((mutations) => {
      const at = performance.timeOrigin + performance.now();
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          const id = node instanceof HTMLElement ? node.dataset.eventId : undefined;
          if (id && watch.__listedAt![id] === undefined) watch.__listedAt![id] = at;
        }
      }
    }).observe(document.querySelector('[data-testid="events"]')!, { childList: true });
  });
  return page;
}

type FeedWatch = { __listedAt?: Record<string, number> };

const pendingCount = async (page: Page) => Number(await page.textContent(countSelector));

async function eventIdOf(base: string, taskId: string): Promise<string> {
  const response = await fetch(`${base}/platform/events?subject=${taskId}&type=workflow.task.created`, { headers: authorization as Record<string, string> });
  const found = (await response.json()) as { items: { id: string }[] };
  if (found.items.length !== 1) throw new Error(`expected one workflow.task.created event for ${taskId}, found ${found.items.length}`);
  return found.items[0]!.id;
}

async function waitForArrival(arrivals: Map<string, number>, eventId: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (!arrivals.has(eventId)) {
    if (Date.now() > deadline) throw new Error(`event ${eventId} never reached the subscriber`);
    await sleep(5);
  }
  return arrivals.get(eventId)!;
}

type Stats = { p50: number; p95: number; max: number };

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: percentile(sorted, 100) };
}

runMain(main);
