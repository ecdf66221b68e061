// A field a deployment names sensitive after events were recorded: the log is cleared of its past
// values at the next start (the events keep saying the field was there, as `[redacted]`), the field is
// recorded as cleared, and the append-only guard lets through that rewrite and no other.
import type { RunningPlatform } from "@pap/gateway";
import { Client as PgClient } from "pg";
import { startPlatformOn } from "../support/live";
import { createTestDatabase, httpClient } from "../support/platform";
import { expectStatus, type Json } from "../support/expectations";
import { waitFor } from "../support/waiting";

const MEDICAID_ID = "MCD-4417-0092";
let databaseUrl: string;
let platform: RunningPlatform | undefined;
afterAll(() => platform?.close());

const storedData = async (subject: string): Promise<Json[]> => {
  const db = new PgClient({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query("SELECT data FROM platform_event WHERE subject = $1 ORDER BY time", [subject])).rows.map((row) => row.data);
  } finally {
    await db.end();
  }
};

it("clears the log of a newly sensitive field's past values at the next start, and lets no other rewrite through", async () => {
  databaseUrl = await createTestDatabase("redaction_pass");
  platform = await startPlatformOn(databaseUrl);
  const api = httpClient(platform.url);
  const person = await expectStatus(
    api.post("/persons", { name: { firstName: "Ana", lastName: "Before" }, medicaidId: MEDICAID_ID }),
    201,
    "person",
  );
  expect(JSON.stringify(await storedData(person.id))).toContain(MEDICAID_ID);
  await platform.close();

  platform = await startPlatformOn(databaseUrl, { SENSITIVE_FIELDS: "medicaidId" });
  await waitFor(async () => !JSON.stringify(await storedData(person.id)).includes(MEDICAID_ID), "the log to be cleared of the value");
  const [created] = await storedData(person.id);
  expect(created).toMatchObject({ medicaidId: "[redacted]", name: { firstName: "Ana", lastName: "Before" } });

  const db = new PgClient({ connectionString: databaseUrl });
  await db.connect();
  try {
    await waitFor(
      async () => (await db.query("SELECT 1 FROM platform_redacted_field WHERE name = 'medicaidId'")).rowCount === 1,
      "the field to be recorded as cleared",
    );
    // The guard's exception is for the redaction alone: any other rewrite, even in a transaction that names fields, is refused.
    await db.query("BEGIN");
    await db.query("SELECT set_config('pap.redacting', 'medicaidId', true)");
    await expect(db.query("UPDATE platform_event SET data = '{\"rewritten\": true}' WHERE subject = $1", [person.id])).rejects.toThrow(
      /append-only/,
    );
    await db.query("ROLLBACK");
  } finally {
    await db.end();
  }
});
