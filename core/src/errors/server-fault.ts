import { serverFaults } from "../metrics/registry";
import { databaseFaultSummary } from "./database-refusal";

/** Where a fault is logged: a pino logger's `error`, or a test's collector. */
export type FaultLog = (record: Record<string, unknown>, message: string) => void;

/**
 * Logs and counts a failure of the platform's own, answered 500. A database error is logged by its
 * SQLSTATE and the call it failed in, never its message or stack, which quote the statement's values
 * (a person's SSN); anything else with its stack. `operation` names what was being done (a GraphQL
 * operation's name, a REST route).
 */
export function reportServerFault(log: FaultLog, error: unknown, operation: string | null | undefined): void {
  const database = databaseFaultSummary(error);
  serverFaults.inc({ source: database ? "database" : "platform" });
  if (database) log({ operation: operation || "anonymous", ...database }, "the database refused a statement of the platform's own");
  else log({ operation: operation || "anonymous", err: error }, "unexpected error");
}

/**
 * Logs and counts a request the database could not serve (answered 503): an outage, not a defect, so
 * it is a warning, counted apart from the platform's own faults (`source="database_unavailable"`).
 */
export function reportDatabaseOutage(log: FaultLog, error: unknown, operation: string | null | undefined): void {
  serverFaults.inc({ source: "database_unavailable" });
  log(
    { operation: operation || "anonymous", sqlState: databaseFaultSummary(error)?.sqlState, reason: reasonOf(error) },
    "the database is unavailable",
  );
}

const reasonOf = (error: unknown) => {
  const layer = error as { code?: unknown; message?: unknown } | undefined;
  return typeof layer?.code === "string" ? layer.code : typeof layer?.message === "string" ? layer.message.slice(0, 120) : undefined;
};
