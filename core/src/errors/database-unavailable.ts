import { ApiError } from "./api-error";
import { layersOf, sqlStateOf } from "./database-refusal";

/**
 * SQLSTATEs that say the database cannot serve right now, not that a statement is wrong: the
 * connection failed (class 08), the server is shutting down or starting (57P01–57P03), or a
 * transaction reached a server that is no longer the primary (25006, read-only: a demoted primary
 * still taking connections for a moment during a failover).
 */
const unavailableStates = /^(08\w{3}|57P0[123]|25006)$/;

/** Socket errors of a connection that broke or never opened. */
const socketCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/**
 * Prisma's codes for an unreachable server, a timed-out connection, a closed one, and a pool that
 * gave no connection in time; and its driver adapters' error kinds for the same.
 */
const prismaCodes = new Set(["P1001", "P1002", "P1017", "P2024"]);
const adapterKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "DatabaseDoesNotExist"]);

/** node-postgres says a dropped connection in words only. */
const droppedConnection =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection closed/i;

/**
 * Whether a failure is the database being away (a failover, a restart, a network cut) rather than
 * something wrong with what the platform asked of it. Such a request may succeed moments later, on
 * the new primary: it is answered 503 with Retry-After, which clients and load balancers retry, not a
 * 500 that says a defect. It is still logged and counted, as an outage.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state && unavailableStates.test(state)) return true;
  for (const layer of layersOf(error)) {
    if (typeof layer.code === "string" && (socketCodes.has(layer.code) || prismaCodes.has(layer.code))) return true;
    const kind = layer.meta?.driverAdapterError?.cause?.kind ?? layer.cause?.kind;
    if (typeof kind === "string" && adapterKinds.has(kind)) return true;
    if (typeof layer.message === "string" && droppedConnection.test(layer.message)) return true;
  }
  return false;
}

/** How long a client should wait before retrying a request the database could not serve (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

export const databaseUnavailable = () =>
  new ApiError(
    503,
    "SERVICE_UNAVAILABLE",
    "The platform's database cannot be reached for a moment (a failover or a restart): retry shortly.",
  );
