import { Prisma } from "../generated/client/client";
import { bindSealed } from "./sealing/sealed-json";
import type { Sealer } from "./sealing/sealer";

/**
 * What raw SQL inside a transaction needs, whichever way the transaction was opened: Prisma's
 * interactive transactions have these two methods, and so does a transaction on the driver
 * (`Database.write`). The event log, the search documents, timers and the hottest writes are raw SQL,
 * so each runs in either.
 */
export type SqlTransaction = {
  $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Promise<number>;
};

/** One statement on a connection inside a transaction: its rows and how many it changed. */
export type StatementRunner = (text: string, values: unknown[]) => Promise<{ rows: unknown[]; count: number }>;

const isTemplate = (query: TemplateStringsArray | Prisma.Sql): query is TemplateStringsArray => Array.isArray(query);

/**
 * `Prisma.sql` fragments (and tagged templates) on a driver connection: the text with `$n` placeholders,
 * the values as parameters. With a sealer, as the platform's transactions have, `sealedJson` values
 * are bound sealed and the rows come back unsealed, as through Prisma.
 */
export function driverSql(run: StatementRunner, sealer?: Sealer): SqlTransaction {
  const sqlOf = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => (isTemplate(query) ? Prisma.sql(query, ...values) : query);
  const bind = (values: unknown[]) => (sealer ? bindSealed(values, sealer) : values);
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = sqlOf(query, values);
      const { rows } = await run(sql.text, bind(sql.values));
      return (sealer ? sealer.unseal(rows) : rows) as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = sqlOf(query, values);
      return (await run(sql.text, bind(sql.values))).count;
    },
  };
}
