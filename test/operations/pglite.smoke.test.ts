// The embedded path: the whole platform on PGlite in memory, migrated at start, with nothing installed.
import { startPlatform, type RunningPlatform } from "@pap/gateway";
import { createLogger, DAY_MS, ManualClock } from "@pap/core";
import { workerAccount } from "../support/auth";
import { httpClient } from "../support/platform";

let platform: RunningPlatform;
let api: ReturnType<typeof httpClient>;
/** So the workflow's durable timers can be seen firing on the embedded store without waiting days. */
const clock = new ManualClock("2026-11-23T09:00:00.000Z");

/**
 * PGlite and the migration engine load WebAssembly through dynamic `import()`. Under Jest that needs
 * `--experimental-vm-modules` (without it PGlite's import throws outside any promise chain and takes the
 * Jest process down), and the TypeScript transform must leave `import()` in place. Fail with that hint
 * instead of crashing or failing obscurely.
 */
const vmModules = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].includes("--experimental-vm-modules");

beforeAll(async () => {
  if (!vmModules)
    throw new Error(
      "the PGlite smoke test needs NODE_OPTIONS=--experimental-vm-modules (PGlite and the migration engine use dynamic import())",
    );
  process.env.LOG_LEVEL ??= "silent";
  try {
    platform = await startPlatform({
      database: { kind: "pglite", dataDir: "memory" },
      host: "127.0.0.1",
      port: 0,
      logger: createLogger("test-pglite"),
      migrate: true,
      clock,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/Must use import to load ES Module/.test(message)) {
      throw new Error(
        `the migration engine's dynamic import() was compiled to require(): the @swc/jest transform needs module: { type: "commonjs", ignoreDynamic: true }\n${message}`,
      );
    }
    throw error;
  }
  api = httpClient(platform.url);
}, 60_000);

afterAll(async () => {
  await platform?.close();
});

describe("platform on embedded PGlite (in memory)", () => {
  it("migrates an empty store and starts with empty lists", async () => {
    const persons = await api.get("/persons");
    expect(persons.status).toBe(200);
    expect(persons.body).toEqual({ items: [], total: 0, limit: 25, offset: 0, hasNext: false });
    expect((await api.get("/readyz")).status).toBe(200);
  });

  it("creates a person and a case through REST and reads them back through GraphQL", async () => {
    const person = await api.post("/persons", { name: { firstName: "Ada", lastName: "Lovelace" }, address: { city: "London" } });
    expect(person.status).toBe(201);
    const created = await api.post("/case-management/cases", {
      status: "active",
      effectiveStartDate: "2025-07-01",
      primaryApplicantId: person.body.id,
      members: [{ personId: person.body.id, relationship: "self" }],
    });
    expect(created.status).toBe(201);

    const result = await api.graphql(
      `query ($id: ID!) {
        case(id: $id) { id status effectiveStartDate primaryApplicant { id attributes } members { relationship person { id cases { id } } } }
        persons(q: "address.city:lond*") { total items { id } }
      }`,
      { id: created.body.id },
    );
    expect(result).toEqual({
      data: {
        case: {
          id: created.body.id,
          status: "active",
          effectiveStartDate: "2025-07-01",
          primaryApplicant: {
            id: person.body.id,
            attributes: { name: { firstName: "Ada", lastName: "Lovelace" }, address: { city: "London" } },
          },
          members: [{ relationship: "self", person: { id: person.body.id, cases: [{ id: created.body.id }] } }],
        },
        persons: { total: 1, items: [{ id: person.body.id }] },
      },
    });
  });

  it("routes a task to a seeded queue, claims it, and fires its SLA timers when the clock passes them", async () => {
    const queues = await api.get("/workflow/queues");
    expect(queues.body.items.map((queue: { name: string }) => queue.name)).toEqual(["general-intake", "snap-intake"]);
    const task = await api.post("/workflow/tasks", {
      name: "Expedited review",
      programType: "snap",
      slaInfo: [{ slaTypeCode: "snap_expedited" }],
    });
    expect(task.body).toMatchObject({
      status: "pending",
      queueId: "ae5ed10f-657d-55f3-b53c-b381ec583a1e",
      slaDeadline: "2026-11-30T09:00:00.000Z",
    });
    const worker = await workerAccount(api);
    expect((await api.post(`/workflow/tasks/${task.body.id}/claim`, undefined, worker.headers)).body).toMatchObject({
      status: "in_progress",
      assignedToId: worker.id,
    });

    clock.advance(8 * DAY_MS);
    await platform.settle();
    const after = await api.get(`/workflow/tasks/${task.body.id}`);
    expect(after.body).toMatchObject({ status: "escalated", slaInfo: [{ slaTypeCode: "snap_expedited", status: "breached" }] });
    const events = await api.get(`/platform/events?subject=${task.body.id}&type=workflow.task.sla_breached`);
    expect(events.body.items).toEqual([expect.objectContaining({ authtype: "system", data: { reason: "sla_deadline_exceeded" } })]);
  });

  it("finds records by search on the embedded store too (its full-text and trigram functions)", async () => {
    const person = await api.post("/persons", { name: { firstName: "Embedded", lastName: "Searchable" } });
    const found = await api.get("/platform/search?q=embedded%20searchable");
    expect(found.body).toMatchObject({ total: 1, items: [{ id: person.body.id, type: "person", title: "Embedded Searchable" }] });
    expect((await api.get("/platform/search?q=Searchabel")).body.items.map((hit: { id: string }) => hit.id)).toEqual([person.body.id]);
  });
});
