import path from "node:path";
import Fastify, { type FastifyReply } from "fastify";
import pg from "pg";
import { sealerFromEnv } from "@pap/db";
import { appendToLog, type PlatformEvent } from "@pap/events";
import { personColumnsFrom } from "../people";
import { inTransaction } from "../sql";
import { logSequencer, recordEvent, sqlOn } from "./event-log";
import { registerFloorEventStream } from "./event-stream";
import { registerFloorSearch } from "./search";
import { mirrorColumnNames, personFilter, UnsupportedQuery } from "./person-query";
import { personSearchDocuments } from "./search-document";

// The floor: the requests the benchmark sends answered by hand-written SQL over the platform's tables, nothing between: what the platform
// spends above this is its layers'. A child process of the benchmark: DATABASE_URL, PORT, HOST, DATABASE_POOL_SIZE, and the platform's
// ENCRYPTION_KEYS: sensitive values (a person's date of birth) are stored sealed, so the floor's reads open them and its creates
// seal them with the platform's own sealer, or it would answer ciphertext where the platform answers the value.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const serverSet = new Set(["id", "createdAt", "updatedAt"]);
const pageSize = 25;

type PersonRow = { id: string; attributes: Record<string, unknown>; createdAt: Date; updatedAt: Date };

// The platform's REST shape of a person: the free-form record spread, then the server-set fields.
const representation = (row: PersonRow) => ({
  ...row.attributes,
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = (reply: FastifyReply, id: string) => reply.code(404).send({ code: "NOT_FOUND", message: `Person ${id} not found.` });

async function main() {
  const env = process.env;
  // Compiled to bench/dist/floor/server.js: the repository root is three levels up.
  const repositoryRoot = path.resolve(__dirname, "../../..");
  const derived = personColumnsFrom(repositoryRoot, env);
  const searchDocuments = personSearchDocuments(repositoryRoot);
  const sealer = sealerFromEnv(env);
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(env.DATABASE_POOL_SIZE ?? 20) });
  pool.on("error", (error) => console.error(`floor: idle database connection failed: ${error.message}`));
  const sequencer = logSequencer(pool, (error) => console.error(`floor: numbering the event log failed: ${error.message}`));

  const { rows: present } = await pool.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'person' AND column_name = ANY($1)`,
    [mirrorColumnNames],
  );
  const mirrors = new Set(present.map((row) => row.column_name));
  // Only columns the table has: the derived set may name mirrors a database from before them lacks.
  const written = derived.names.filter((name) => mirrors.has(name) || !mirrorColumnNames.includes(name));

  const app = Fastify({ logger: false });
  const eventStream = registerFloorEventStream(app, pool, env.DATABASE_URL!);
  registerFloorSearch(app, pool, repositoryRoot);

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async () => {
    await pool.query("SELECT 1");
    return { status: "ok" };
  });

  app.get<{ Params: { id: string } }>("/persons/:id", async (request, reply) => {
    const { id } = request.params;
    if (!uuid.test(id)) return notFound(reply, id);
    const { rows } = await pool.query<PersonRow>(`SELECT id, attributes, "createdAt", "updatedAt" FROM person WHERE id = $1`, [id]);
    return rows[0] ? representation(sealer.unseal(rows[0])) : notFound(reply, id);
  });

  app.get<{ Querystring: { q?: string } }>("/persons", async (request, reply) => {
    let filter: ReturnType<typeof personFilter>;
    try {
      filter = personFilter(request.query.q, mirrors);
    } catch (error) {
      if (error instanceof UnsupportedQuery) return reply.code(400).send({ code: "INVALID_QUERY", message: error.message });
      throw error;
    }
    // The page, then its count only when the page cannot tell the total (a full page), as the platform's lists run them.
    const page = await pool.query<PersonRow>(
      `SELECT id, attributes, "createdAt", "updatedAt" FROM person WHERE ${filter.where} ORDER BY "updatedAt" DESC, id LIMIT ${pageSize}`,
      filter.values,
    );
    const count =
      page.rows.length < pageSize
        ? page.rows.length
        : (await pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM person WHERE ${filter.where}`, filter.values)).rows[0]!
            .total;
    return {
      items: sealer.unseal(page.rows).map(representation),
      total: count,
      limit: pageSize,
      offset: 0,
      hasNext: page.rows.length < count,
    };
  });

  // The platform's create, statement for statement: the person with every derived column, its event, its
  // search document, in one transaction; the log numbered after commit.
  app.post("/persons", async (request, reply) => {
    const body = request.body;
    if (body === null || typeof body !== "object" || Array.isArray(body))
      return reply.code(400).send({ code: "BAD_REQUEST", message: "The body must be a JSON object." });
    const attributes = Object.fromEntries(Object.entries(body).filter(([key]) => !serverSet.has(key)));
    const columns = derived.of(attributes);
    const client = await pool.connect();
    let created!: PersonRow;
    try {
      await inTransaction(client, async () => {
        const { rows } = await client.query<PersonRow>(
          `INSERT INTO person (id, attributes, ${written.map((name) => `"${name}"`).join(", ")}, "updatedAt")
           VALUES (gen_random_uuid(), $1, ${written.map((_, index) => `$${index + 2}`).join(", ")}, now())
           RETURNING id, attributes, "createdAt", "updatedAt"`,
          [JSON.stringify(sealer.seal(attributes)), ...written.map((name) => columns[name] ?? null)],
        );
        created = sealer.unseal(rows[0]!);
        const event = {
          type: "persons.person.created",
          source: "/persons",
          subject: created.id,
          data: representation(created),
          authid: "bench",
        };
        await recordEvent(client, event);
        await searchDocuments.refresh(client, event);
      });
    } finally {
      client.release();
    }
    sequencer.wake();
    return reply.code(201).header("location", `/persons/${created.id}`).send(representation(created));
  });

  // The platform's publish after its validation: the envelope appended by its own statement, the log numbered after commit.
  app.post("/platform/events", async (request, reply) => {
    const event = request.body as PlatformEvent;
    await appendToLog(sqlOn(pool), [event]);
    sequencer.wake();
    return reply.code(201).send(event);
  });

  const port = Number(env.PORT ?? 4900);
  await app.listen({ host: env.HOST ?? "127.0.0.1", port });
  console.log(`floor is running on http://127.0.0.1:${port}`);

  const stop = async () => {
    await app.close();
    await eventStream.close();
    await sequencer.idle();
    await pool.end();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
