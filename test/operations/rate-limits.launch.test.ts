// The launcher's banner (the compiled gateway/dist/main.js; needs the build) says whether per-caller
// limits are on and where they are counted: in Redis for every host together, or in each process.
import { launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { createTestDatabase } from "../support/platform";

afterAll(stopLaunched);

it("names the Redis server the hosts share their counts in", async () => {
  const { process: platform, line } = await launchPlatform(await createTestDatabase("rate_limits_launch"), "limits", {
    RATE_LIMIT: "true",
    RATE_LIMIT_MAX: "300",
    RATE_LIMIT_WINDOW_MS: "60000",
    RATE_LIMIT_REDIS_URL: "redis://127.0.0.1:6379",
  });
  expect(line.trim()).toBe("limits      300 requests per 60 s per caller, counted in Redis at 127.0.0.1:6379 for every host together");
  await stopped(platform);
});
