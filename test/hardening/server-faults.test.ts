// A fault of the platform's own is a 500, logged and counted, never the client's 4xx (issue 29). The
// database refuses a statement of the platform's own here by a trigger of the test's: it raises the
// very errors a bad value raises, quoting a value the request did not send (the platform's fault) or
// one it did (the client's). Persons are written through the driver, applications through Prisma.
import { Client } from "pg";
import { capturedLog } from "../support/captured-log";
import { expectErrorEnvelope } from "../support/expectations";
import { useTestPlatform } from "../support/platform";

const log = capturedLog();
const { api, url, platform } = useTestPlatform("server_faults", { logger: log.logger });

/** A sensitive-looking value only the database's message holds: it must never reach the log. */
const QUOTED = "900-12-3456";

beforeAll(async () => {
  const config = platform().database.config;
  if (config.kind !== "postgres") throw new Error("the trigger is installed over a PostgreSQL connection");
  const client = new Client({ connectionString: config.url });
  await client.connect();
  try {
    await client.query(`CREATE FUNCTION refuse_person() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.attributes #>> '{name,firstName}' = 'Own fault' THEN
          RAISE EXCEPTION USING ERRCODE = '22P02', MESSAGE = 'invalid input syntax for type uuid: "${QUOTED}"';
        ELSIF NEW.attributes #>> '{name,firstName}' = 'Client value' THEN
          RAISE EXCEPTION USING ERRCODE = '22P02', MESSAGE = 'invalid input syntax for type uuid: "Client value"';
        END IF;
        RETURN NEW;
      END $$`);
    await client.query(`CREATE TRIGGER refuse BEFORE INSERT ON person FOR EACH ROW EXECUTE FUNCTION refuse_person()`);
    await client.query(`CREATE FUNCTION refuse_application() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.channel::text = 'phone' THEN
          RAISE EXCEPTION USING ERRCODE = '22P02', MESSAGE = 'invalid input syntax for type uuid: "${QUOTED}"';
        END IF;
        RETURN NEW;
      END $$`);
    await client.query(`CREATE TRIGGER refuse BEFORE INSERT ON intake_application FOR EACH ROW EXECUTE FUNCTION refuse_application()`);
  } finally {
    await client.end();
  }
});

async function faultsCounted(): Promise<number> {
  const text = await (await fetch(`${url()}/metrics`)).text();
  const line = text.split("\n").find((row) => row.startsWith('pap_server_faults_total{source="database"'));
  return line ? Number(line.split(" ").pop()) : 0;
}

/** The log lines of database faults since `from`. */
const databaseFaults = (from: number) =>
  log.lines.slice(from).filter((line) => line.msg === "the database refused a statement of the platform's own");

describe("a database refusal of the platform's own statement", () => {
  it("is a 500 in the envelope over REST (a driver write), logged at error level with the operation's name and never the value, and counted", async () => {
    const before = await faultsCounted();
    const from = log.lines.length;
    const response = await api.post("/persons", { name: { firstName: "Own fault", lastName: "Case" } });
    expectErrorEnvelope(response, 500, "INTERNAL_ERROR");
    expect(response.body.message).not.toContain(QUOTED);
    const [logged] = databaseFaults(from);
    expect(logged).toMatchObject({ level: 50, operation: "createPerson", sqlState: "22P02" });
    expect(log.text()).not.toContain(QUOTED);
    expect(await faultsCounted()).toBe(before + 1);
  });

  it("is a 500 over REST through Prisma too, the Prisma call named", async () => {
    const from = log.lines.length;
    const response = await api.post("/intake/applications", { programs: ["snap"], channel: "phone" });
    expectErrorEnvelope(response, 500, "INTERNAL_ERROR");
    const [logged] = databaseFaults(from);
    expect(logged).toMatchObject({
      level: 50,
      operation: "createApplication",
      sqlState: "22P02",
      statement: expect.stringMatching(/application\.create\(\)$/),
    });
    expect(log.text()).not.toContain(QUOTED);
  });

  it("is a 500 over GraphQL, logged under the client's operation name", async () => {
    const before = await faultsCounted();
    const from = log.lines.length;
    const result = await api.graphql(`mutation AddPerson($attributes: JSONObject!) { createPerson(attributes: $attributes) { id } }`, {
      attributes: { name: { firstName: "Own fault" } },
    });
    expect(result.errors).toEqual([expect.objectContaining({ extensions: { code: "INTERNAL_ERROR", status: 500 } })]);
    expect(databaseFaults(from)).toEqual([expect.objectContaining({ level: 50, operation: "AddPerson", sqlState: "22P02" })]);
    expect(await faultsCounted()).toBe(before + 1);
  });
});

describe("a database refusal of a value the request carried", () => {
  it("is the client's 422, over REST and GraphQL, and no fault", async () => {
    const before = await faultsCounted();
    const from = log.lines.length;
    const rest = await api.post("/persons", { name: { firstName: "Client value" } });
    expectErrorEnvelope(rest, 422, "VALIDATION_ERROR");
    const graph = await api.graphql(`mutation { createPerson(attributes: { name: { firstName: "Client value" } }) { id } }`);
    expect(graph.errors).toEqual([expect.objectContaining({ extensions: { code: "VALIDATION_ERROR", status: 422 } })]);
    expect(databaseFaults(from)).toEqual([]);
    expect(await faultsCounted()).toBe(before);
  });
});
