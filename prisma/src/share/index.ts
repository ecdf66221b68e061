import type { PGlite } from "@electric-sql/pglite";
import { serveSharedSession } from "./server";

/**
 * How a connection knows it reaches the shared embedded store: every connection to it lands in PGlite's
 * one session, so a statement one connection prepares by name is there for all (and another process's
 * connection preparing the same name collides with it).
 */
export const SHARED_SESSION_APPLICATION = "pap-shared-embedded";

/** Whether a database URL is the shared embedded store's (see `SHARED_SESSION_APPLICATION`). */
export const isSharedSession = (url: string) => {
  try {
    return new URL(url).searchParams.get("application_name") === SHARED_SESSION_APPLICATION;
  } catch {
    return false;
  }
};

/**
 * Embedded PGlite lives inside one process. For the multi-process deployments (distributed, cluster)
 * the launcher serves it over the PostgreSQL wire protocol on loopback (see `./server`), and the other
 * processes connect to it as to any PostgreSQL server.
 */
export async function shareEmbeddedDatabase(
  database: { readonly pglite?: PGlite },
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (!database.pglite) throw new Error("only an embedded PGlite database needs sharing");
  const server = await serveSharedSession(database.pglite, { host: "127.0.0.1", port });
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable&application_name=${SHARED_SESSION_APPLICATION}`,
    stop: () => server.stop(),
  };
}
