// The platform's launcher (the compiled gateway/dist/main.js; needs the build) starts the reference
// agency simulator beside the platform unless DATA_EXCHANGE_AGENCY_URL names the real agencies: the
// banner prints its address, it answers the agencies' wire contract there with the AGENCY_SIMULATOR_*
// settings it inherited, and it stops with the platform.
import { answers, launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { createTestDatabase } from "../support/platform";
import { freePort } from "../support/ports";
import { waitFor } from "../support/waiting";

let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase("agency_launch");
});
afterAll(stopLaunched);

describe("the reference agency simulator beside the platform", () => {
  it("is started on AGENCY_SIMULATOR_PORT with its settings, answers at the printed address, and stops with the platform", async () => {
    const port = await freePort();
    const { process: platform, line } = await launchPlatform(databaseUrl, "agencies", {
      DATA_EXCHANGE_AGENCY_URL: "",
      AGENCY_SIMULATOR_PORT: String(port),
      AGENCY_SIMULATOR_TOKEN: "launch-test-token",
      AGENCY_SIMULATOR_FAILING: "uib",
    });
    const url = `http://127.0.0.1:${port}`;
    expect(line.trim()).toBe(`agencies    ${url} (the reference agency simulator; set DATA_EXCHANGE_AGENCY_URL to use real agencies)`);

    expect(await (await fetch(`${url}/control`)).json()).toEqual({ latencyMs: 0, failureRate: 0, failing: ["uib"], slowMs: 3000 });
    const call = (serviceType: string, token?: string) =>
      fetch(`${url}/agencies/${serviceType}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": `launch-${serviceType}-${token}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({
          requestId: "5b2e0c1a-0000-4000-8000-000000000001",
          serviceType,
          subject: { ssn: "123-45-6781", firstName: "Ana", lastName: "Doe" },
        }),
      });
    expect((await call("fdsh_ssa")).status).toBe(401);
    const response = await call("fdsh_ssa", "launch-test-token");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      requestId: "5b2e0c1a-0000-4000-8000-000000000001",
      serviceType: "fdsh_ssa",
      result: "conclusive",
      serviceResult: { ssnVerified: true },
    });
    expect((await call("uib", "launch-test-token")).status).toBe(503);

    await stopped(platform);
    await waitFor(async () => !(await answers(url)), "the simulator to stop with the platform", 30_000, 100);
  });

  it("is not started when DATA_EXCHANGE_AGENCY_URL names the real agencies", async () => {
    const real = `http://127.0.0.1:${await freePort()}`;
    const { process: platform, line } = await launchPlatform(databaseUrl, "agencies", { DATA_EXCHANGE_AGENCY_URL: `${real}/` });
    expect(line.trim()).toBe(`agencies    ${real} (DATA_EXCHANGE_AGENCY_URL)`);
    expect(await answers(real)).toBe(false);
    await stopped(platform);
  });
});
