import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import {
  BackendReply,
  CANCEL_REQUEST,
  FrontendFrames,
  GSS_REQUEST,
  PROTOCOL_3,
  queryText,
  SSL_REQUEST,
  type FrontendMessage,
} from "./frames";

/*
 * Serves one embedded PGlite to many PostgreSQL connections (the other processes of the multi-process
 * modes). PGlite has a single session, so every connection speaks in it, and they must take turns by
 * exchange, not by message:
 * - an extended query is several messages (Parse, Bind, Execute, ... Sync) that refer to the session's
 *   unnamed statement and portal, so another connection's Parse between them would replace the
 *   statement this one binds ("bind message supplies 1 parameters, but prepared statement "" requires 4");
 * - a transaction is every exchange from BEGIN to COMMIT, and another connection's statements in
 *   between would run inside it.
 * So a connection takes the turn with its first message and keeps it until the server reports the
 * session idle again (ReadyForQuery with status I), and the others wait, in order. `pglite-socket`,
 * tried first, takes turns by message outside transactions and broke in exactly those ways.
 *
 * The turn is PGlite's own exclusive lock (`runExclusive`), which its in-process queries also respect.
 * Notifications are routed as PostgreSQL routes them: to the connections that issued LISTEN on their
 * channel, not to the one whose commit raised them.
 */

type Turn = { release: () => void };

export type SharedSessionServer = { port: number; stop(): Promise<void> };

export async function serveSharedSession(pglite: PGlite, options: { host: string; port: number }): Promise<SharedSessionServer> {
  await pglite.waitReady;
  const connections = new Set<SessionConnection>();
  const listeners = new Map<string, Set<SessionConnection>>();
  const shared: Shared = { pglite, listeners };
  const server = createServer((socket) => {
    const connection = new SessionConnection(socket, shared);
    connections.add(connection);
    socket.once("close", () => connections.delete(connection));
  });
  await listen(server, options.host, options.port);
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    async stop() {
      for (const connection of connections) connection.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Shared = { pglite: PGlite; listeners: Map<string, Set<SessionConnection>> };

const listen = (server: Server, host: string, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

/** Takes PGlite's exclusive lock and holds it until `release` is called. */
function takeTurn(pglite: PGlite): Promise<Turn> {
  return new Promise((taken) => {
    void pglite.runExclusive(() => new Promise<void>((release) => taken({ release })));
  });
}

class SessionConnection {
  private readonly frames = new FrontendFrames();
  private readonly queue: FrontendMessage[] = [];
  private working = false;
  /** Held from this connection's first message of an exchange until the session is idle again. */
  private turn: Turn | undefined;
  private closed = false;

  constructor(
    readonly socket: Socket,
    private readonly shared: Shared,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      try {
        this.queue.push(...this.frames.push(chunk));
      } catch {
        // Not the PostgreSQL protocol: nothing to answer.
        socket.destroy();
        return;
      }
      void this.work();
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      this.closed = true;
      void this.work();
    });
  }

  /** Handles queued messages one at a time; once the socket is gone, gives the turn back clean. */
  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      while (!this.closed && this.queue.length) {
        try {
          await this.handle(this.queue.shift()!);
        } catch {
          // PGlite failed the message itself (not with an ErrorResponse): the connection cannot go on.
          this.closed = true;
          this.socket.destroy();
        }
      }
      if (this.closed) await this.abandon();
    } finally {
      this.working = false;
    }
    // A message or the close may have come while the last one was handled.
    if ((this.queue.length && !this.closed) || (this.closed && this.turn)) void this.work();
  }

  private async handle(message: FrontendMessage): Promise<void> {
    if (message.kind === "startup") {
      // No TLS on loopback: 'N' tells the client to go on in the clear. A cancel is not supported.
      if (message.code === SSL_REQUEST || message.code === GSS_REQUEST) return void this.socket.write("N");
      if (message.code === CANCEL_REQUEST || message.code !== PROTOCOL_3) return void this.socket.destroy();
    }
    if (message.kind === "typed" && message.type === "X") return void this.socket.end();
    if (message.kind === "typed" && message.type === "Q") this.noteListening(queryText(message.bytes));

    this.turn ??= await takeTurn(this.shared.pglite);
    const reply = new BackendReply((bytes) => this.socket.writable && this.socket.write(bytes));
    await this.shared.pglite.execProtocolRawStream(message.bytes, { onRawData: (chunk) => reply.push(chunk) });
    reply.end();
    this.deliver(reply.summary.notifications);
    if (reply.summary.readyStatus === "I") this.giveBackTurn();
  }

  /** The connection went away holding the turn: whatever it left open in the session is undone first. */
  private async abandon(): Promise<void> {
    for (const connections of this.shared.listeners.values()) connections.delete(this);
    if (!this.turn) return;
    try {
      // Sync ends an unfinished extended exchange; then an open transaction is rolled back.
      const synced = new BackendReply(() => {});
      await this.shared.pglite.execProtocolRawStream(serialize.sync(), { onRawData: (chunk) => synced.push(chunk) });
      if (synced.summary.readyStatus !== "I")
        await this.shared.pglite.execProtocolRawStream(serialize.query("ROLLBACK"), { onRawData: () => {} });
    } catch {
      // Nothing more can be undone from here.
    } finally {
      this.giveBackTurn();
    }
  }

  private giveBackTurn(): void {
    const turn = this.turn;
    this.turn = undefined;
    turn?.release();
  }

  /** Remembers LISTEN / UNLISTEN sent as simple queries (as `pg` sends them), so notifications find their way. */
  private noteListening(sql: string): void {
    const match = /^\s*(UN)?LISTEN\s+("?)([\w.$*]+)\2\s*;?\s*$/i.exec(sql);
    if (!match) return;
    // An unquoted name is folded to lower case, as PostgreSQL folds it.
    const channel = match[2] ? match[3]! : match[3]!.toLowerCase();
    const { listeners } = this.shared;
    if (match[1]) {
      if (channel === "*") for (const connections of listeners.values()) connections.delete(this);
      else listeners.get(channel)?.delete(this);
      return;
    }
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)!.add(this);
  }

  private deliver(notifications: { channel: string; bytes: Buffer }[]): void {
    for (const { channel, bytes } of notifications) {
      for (const connection of this.shared.listeners.get(channel) ?? []) if (connection.socket.writable) connection.socket.write(bytes);
    }
  }
}
