// The platform's launcher (the compiled gateway/dist/main.js; needs the build) starts the reference
// eligibility adapter beside the platform unless ELIGIBILITY_ADAPTER_URL names another one: the
// banner prints its address, it answers the adapter contract there, and it stops with the platform.
import { answers, launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { createTestDatabase } from "../support/platform";
import { freePort } from "../support/ports";
import { waitFor } from "../support/waiting";

let databaseUrl: string;

/** Runs the launcher in single mode and returns the banner's eligibility line once it is printed. */
async function launch(env: Record<string, string> = {}) {
  const { process: child, line } = await launchPlatform(databaseUrl, "eligibility", env);
  return { process: child, eligibilityLine: line };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase("eligibility_launch");
});
afterAll(stopLaunched);

describe("the reference eligibility adapter beside the platform", () => {
  it("is started, answers the adapter contract at the printed address, and stops with the platform", async () => {
    const { process: platform, eligibilityLine } = await launch();
    const url = eligibilityLine.match(/http:\/\/\S+/)?.[0];
    expect(eligibilityLine).toContain("reference adapter");
    expect(url).toBeDefined();

    const metadata = { decisionId: "4a1f2b3c-0000-4000-8000-000000000001", attempt: 1 };
    const response = await fetch(`${url}/evaluate/expedited-screening`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ metadata, household: { roomers: [] } }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { metadata: unknown; expedited: unknown };
    expect(answer.metadata).toEqual(metadata);
    expect(typeof answer.expedited).toBe("boolean");

    await stopped(platform);
    await waitFor(async () => !(await answers(url!)), "the adapter to stop with the platform", 30_000, 100);
  });

  it("is not started when ELIGIBILITY_ADAPTER_URL names the state's own adapter", async () => {
    const own = `http://127.0.0.1:${await freePort()}`;
    const { process: platform, eligibilityLine } = await launch({ ELIGIBILITY_ADAPTER_URL: `${own}/` });
    expect(eligibilityLine.trim()).toBe(`eligibility ${own} (ELIGIBILITY_ADAPTER_URL)`);
    expect(await answers(own)).toBe(false);
    await stopped(platform);
  });
});
