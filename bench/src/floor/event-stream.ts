import type { FastifyInstance } from "fastify";
import { eventFromRow, serialized, type EventRow } from "@pap/events";
import pg from "pg";

/**
 * The floor's live log, the least that keeps the platform's contract: a LISTEN, the hubs' own
 * `platform_event_follow` on every wake-up, and each new event framed by the platform's own
 * row-to-envelope function (both send the same bytes). What the platform's delivery costs above this is its layers'.
 */

// The platform's channel, page and numbering batch (packages/events/src/append.ts, hub.ts, sequencer.ts).
const CHANNEL = "platform_events";
const PAGE = 500;
const BATCH = 5000;

type Stream = { write(text: string): void; end(): void; typePrefix: string | null };

/** A row as `pg` returns it: the position as text (int8), the rest as the platform's own rows. */
type FollowedRow = Omit<EventRow, "position"> & { position: string };

/** `persons.*` matches every type that starts with `persons.`; no filter matches everything. */
const typePrefixOf = (type: unknown) => (typeof type !== "string" ? null : type.endsWith("*") ? type.slice(0, -1) : type);

export function registerFloorEventStream(app: FastifyInstance, pool: pg.Pool, databaseUrl: string): { close(): Promise<void> } {
  const streams = new Set<Stream>();
  let head: bigint | null = null;
  let listener: pg.Client | null = null;
  // Wake-ups that arrive during a read fold into one more read, as the platform's hub's do.
  const follower = serialized(() =>
    follow().catch((error: Error) => console.error(`floor: following the event log failed: ${error.message}`)),
  );
  const wake = () => void (head !== null && follower.run());

  async function follow() {
    for (;;) {
      const { rows } = await pool.query<FollowedRow>({
        name: "floor_follow",
        text: "SELECT * FROM platform_event_follow($1::bigint, $2::int, $3::int)",
        values: [head!.toString(), PAGE, BATCH],
      });
      if (rows.length === 0) return;
      head = BigInt(rows[rows.length - 1]!.position);
      // Each event encoded once, whatever the number of streams, as the platform's stream does.
      const frames = rows.map((row) => ({
        type: row.type,
        text: `id: ${row.position}\ndata: ${JSON.stringify(eventFromRow(row as unknown as EventRow))}\n\n`,
      }));
      for (const stream of streams) {
        const matching = frames.filter((frame) => stream.typePrefix === null || frame.type.startsWith(stream.typePrefix));
        if (matching.length) stream.write(matching.map((frame) => frame.text).join(""));
      }
      if (rows.length < PAGE) return;
    }
  }

  // Listening starts with the first stream: the REST comparisons never open one and pay nothing for it.
  async function listening() {
    if (listener) return;
    listener = new pg.Client({ connectionString: databaseUrl, application_name: "pap-floor-listener" });
    listener.on("notification", wake);
    listener.on("error", (error) => console.error(`floor: event listener failed: ${error.message}`));
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
    const { rows } = await pool.query<{ head: string }>(`SELECT coalesce(max("position"), 0)::text AS head FROM platform_event`);
    head = BigInt(rows[0]!.head);
  }

  // Open streams never go idle, so the server could not close while one is open: end them first.
  app.addHook("preClose", async () => {
    for (const stream of streams) stream.end();
  });

  app.get<{ Querystring: { type?: string } }>("/platform/events/stream", async (request, reply) => {
    await listening();
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
    const stream: Stream = { write: (text) => void out.write(text), end: () => out.end(), typePrefix: typePrefixOf(request.query.type) };
    streams.add(stream);
    request.raw.once("close", () => streams.delete(stream));
    // Registered before this comment goes out: every event numbered from now on is due on this stream.
    out.write(": connected\n\n");
  });

  return {
    async close() {
      await follower.current();
      await listener?.end().catch(() => {});
    },
  };
}
