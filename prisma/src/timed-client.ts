import { dbQueryDuration, type StatementKind } from "@pap/core";
import pg from "pg";

const keywords: ReadonlyArray<readonly [string, StatementKind]> = [
  ["select", "select"],
  ["insert", "insert"],
  ["update", "update"],
  ["delete", "delete"],
  ["begin", "transaction"],
  ["commit", "transaction"],
  ["rollback", "transaction"],
  ["savepoint", "transaction"],
  ["release", "transaction"],
];

/** Whether `text` has `keyword` (lower case) at `at`, in any case, without copying the text. */
function keywordAt(text: string, at: number, keyword: string): boolean {
  for (let index = 0; index < keyword.length; index++) if ((text.charCodeAt(at + index) | 0x20) !== keyword.charCodeAt(index)) return false;
  return true;
}

/** The kind of a statement, by its first word. */
export function statementKind(text: string): StatementKind {
  let at = 0;
  while (at < text.length && text.charCodeAt(at) <= 32) at++;
  for (const [keyword, kind] of keywords) if (keywordAt(text, at, keyword)) return kind;
  return "other";
}

// One labels object per kind, made once: observing a query allocates none of its own.
const labelsOf = Object.fromEntries(
  keywords.map(([, kind]) => [kind, { statement: kind }]).concat([["other", { statement: "other" }]]),
) as Record<StatementKind, { statement: StatementKind }>;

const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

type Callback = (error: Error | null, result: unknown) => void;

/**
 * The pool's connections, each statement timed into `pap_db_query_duration_seconds`. Every way to the
 * database goes through a connection's `query` — Prisma's adapter, the hot reads, the raw-SQL
 * transactions — so timing here covers them all. The cost per statement is two clock reads, one
 * closure and the histogram's observe. Cursors and streams (a `submit` of their own) are not timed.
 */
export class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection that breaks while it is checked out between statements (a failover, a cut network)
    // emits `error`, and an EventEmitter's unheard `error` ends the process. What was in flight rejects
    // with it already, and the pool discards a broken connection when it is released: nothing is lost
    // by listening, and the host stays up to serve on the new primary.
    this.on("error", () => {});
  }

  // pg's overloads take (text or config, values?, callback?); the pool calls with a callback, transactions without.
  // biome-ignore lint/suspicious/noExplicitAny: pg's own overloads return a promise or nothing; the override keeps their untyped union
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    const text = typeof config === "string" ? config : (config as { text?: unknown } | null)?.text;
    if (typeof text !== "string" || typeof (config as { submit?: unknown }).submit === "function")
      return query.call(this, config, values, callback);
    const labels = labelsOf[statementKind(text)];
    const started = performance.now();
    if (typeof values === "function") [values, callback] = [undefined, values];
    if (typeof callback === "function") {
      const done = callback as Callback;
      return query.call(this, config, values, (error: Error | null, result: unknown) => {
        dbQueryDuration.observe(labels, (performance.now() - started) / 1000);
        done(error, result);
      });
    }
    const answer = query.call(this, config, values) as Promise<unknown>;
    const observe = () => dbQueryDuration.observe(labels, (performance.now() - started) / 1000);
    // The caller handles the answer's failure; this branch only times it.
    answer.then(observe, observe);
    return answer;
  }
}
