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
