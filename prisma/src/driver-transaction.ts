import { Prisma } from "../generated/client/client";

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

/** `Prisma.sql` fragments (and tagged templates) on a driver connection: the text with `$n` placeholders, the values as parameters. */
export function driverSql(run: StatementRunner): SqlTransaction {
  const sqlOf = (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => (isTemplate(query) ? Prisma.sql(query, ...values) : query);
  return {
    async $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = sqlOf(query, values);
      return (await run(sql.text, sql.values)).rows as T;
    },
    async $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) {
      const sql = sqlOf(query, values);
      return (await run(sql.text, sql.values)).count;
    },
  };
}
