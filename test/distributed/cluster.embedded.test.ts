// The multi-process modes on the embedded store: `npm run start:cluster` with no DATABASE_URL, two
// workers whose pools reach PGlite through the launcher's share. Under a burst of requests each pool
// opens as many connections as it may; every one must be taken, or a request fails with a 500
// ("Connection terminated unexpectedly") instead of waiting its turn.
import { adminHeaders } from "../support/auth";
import { launchPlatform, stopLaunched } from "../support/launcher";
import { onNewConnection as onNewConnectionTo } from "../support/new-connection";

jest.setTimeout(300_000);

let base = "";

beforeAll(async () => {
  const launched = await launchPlatform("", "REST", { PLATFORM_MODE: "cluster", CLUSTER_WORKERS: "2", PGLITE_DATA_DIR: "memory" });
  base = launched.line.match(/https?:\/\/[^/\s]+/)![0];
}, 300_000);

afterAll(stopLaunched, 60_000);

/** A GET, or a POST of `body` as JSON, that the cluster's primary hands to the next worker in turn. */
const onNewConnection = (path: string, headers: Record<string, string>, body?: unknown) =>
  onNewConnectionTo(
    base,
    path,
    body === undefined
      ? { headers }
      : { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) },
  );

it("answers a burst of reads and writes from both workers, every one of them", async () => {
  const headers = await adminHeaders();
  // Well past the 20 connections the share once allowed: each worker's pool may open 20 of its own.
  const burst = 120;
  const answers = await Promise.all(
    Array.from({ length: burst }, (_, index) =>
      index % 3 === 0
        ? onNewConnection("/persons", headers, { name: { firstName: `Burst${index}`, lastName: "Embedded" }, householdSize: 1 })
        : onNewConnection("/persons?limit=3", headers),
    ),
  );
  const failures = answers.filter((answer) => answer.status >= 300).map((answer) => `${answer.status} ${answer.body.slice(0, 200)}`);
  expect(failures).toEqual([]);

  const created = answers.filter((_, index) => index % 3 === 0).length;
  const listed = JSON.parse((await onNewConnection("/persons?q=name.lastName:Embedded&limit=1", headers)).body);
  expect(listed.total).toBe(created);
});
