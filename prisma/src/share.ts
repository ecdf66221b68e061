import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import type { Database } from "./connect";

/**
 * Embedded PGlite lives inside one process. For the multi-process deployments (distributed, cluster)
 * the launcher serves it over the PostgreSQL wire protocol on loopback, and the other processes
 * connect to it as to any PostgreSQL server.
 */
export async function shareEmbeddedDatabase(database: Database, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  if (!database.pglite) throw new Error("only an embedded PGlite database needs sharing");
  // A connection pool needs several connections at once; one would make every pooled client wait.
  const server = new PGLiteSocketServer({ db: database.pglite, port, host: "127.0.0.1", maxConnections: 20 });
  await server.start();
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`, stop: () => server.stop() };
}
