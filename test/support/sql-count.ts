/**
 * Counting the SQL statements a GraphQL request sends (the N+1 proofs): a platform started with
 * `onQuery: recorder.record` reports every statement; `statementsOf` keeps a request's own.
 */
import { pause } from "./waiting";

/** Transaction control and health probes are not data access. */
const NOISE = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|DEALLOCATE|SET |SHOW |SELECT 1\s*$)/i;
/**
 * The event hub numbers and reads the log, the durable consumers look for work and the timer runner
 * for due timers, the data-exchange outbox for due calls, each on its own schedule, whatever the request does.
 */
const BACKGROUND = /platform_event|pg_advisory_xact_lock|event_consumer|platform_timer|"leaseUntil"/;
/**
 * The audit trail's append: a statement for the sensitive fields a request was given, whatever their
 * number (platform/audit-trail.test.ts counts it), not a read of the data these tests count.
 */
const AUDIT = /INSERT INTO platform_audit_entry/;

type GraphClient = { graphql(query: string, variables?: Record<string, unknown>): Promise<any> };

export function sqlRecorder() {
  const statements: string[] = [];
  return {
    record: (sql: string) => void statements.push(sql),
    /** The SQL statements a GraphQL request sends, in order (transaction noise and background work removed). */
    async statementsOf(api: GraphClient, query: string, variables?: Record<string, unknown>): Promise<{ result: any; sql: string[] }> {
      const start = statements.length;
      const result = await api.graphql(query, variables);
      // Prisma reports a statement after it completes; let any last event land.
      await pause(20);
      return { result, sql: statements.slice(start).filter((sql) => !NOISE.test(sql) && !BACKGROUND.test(sql) && !AUDIT.test(sql)) };
    },
  };
}

/** A statement's shape: the same statement over 10 or 100 keys differs only in its parameter list. */
export const shape = (sql: string) => sql.replace(/\(\s*\$\d+(\s*,\s*\$\d+)*\s*\)/g, "($…)").replace(/\$\d+/g, "$?");

export const listing = (label: string, sql: string[]) =>
  `${label}: ${sql.length} statements\n${sql.map((text, index) => `  ${index + 1}. ${text}`).join("\n")}`;

/** Fails with every statement printed when the count is not what it must be. */
export function expectStatementCount(label: string, sql: string[], atMost: number) {
  if (sql.length > atMost) throw new Error(`expected at most ${atMost} SQL statements\n${listing(label, sql)}`);
}

/** Fails, printing both lists, when a query sends other statements over more data than over less. */
export function expectSameStatements(labels: [string, string], fewer: string[], more: string[]) {
  if (more.length !== fewer.length)
    throw new Error(`statement count grew with the data (N+1)\n${listing(labels[0], fewer)}\n${listing(labels[1], more)}`);
  if (JSON.stringify(more.map(shape).sort()) !== JSON.stringify(fewer.map(shape).sort())) {
    throw new Error(`statements differ with the data\n${listing(labels[0], fewer)}\n${listing(labels[1], more)}`);
  }
}
