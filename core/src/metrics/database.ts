import { Gauge, Histogram } from "prom-client";
import { latencyBuckets, metricsRegistry } from "./registry";

/** What the pool gauges read of a connection pool, at each scrape (a `pg.Pool` has all of it). */
export type PoolCounts = {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { max?: number };
};

const pools = new Map<PoolCounts, string>();

/** Reports a pool under `name` until the returned function is called (when the pool ends). */
export function watchPool(name: string, pool: PoolCounts): () => void {
  pools.set(pool, name);
  return () => pools.delete(pool);
}

function poolGauge(name: string, help: string, read: (pool: PoolCounts) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ["pool"],
    registers: [metricsRegistry],
    collect() {
      this.reset();
      // Several pools of one name (tests run several platforms in a process) add up.
      for (const [pool, poolName] of pools) this.inc({ pool: poolName }, read(pool));
    },
  });
}

poolGauge("pap_db_pool_connections", "Connections the pool holds open to PostgreSQL, busy and idle.", (pool) => pool.totalCount);
poolGauge("pap_db_pool_idle_connections", "Open connections no query or transaction is using.", (pool) => pool.idleCount);
poolGauge(
  "pap_db_pool_waiting_requests",
  "Queries and transactions waiting for a connection because every one is busy.",
  (pool) => pool.waitingCount,
);
// pg's own default when no size is given.
poolGauge("pap_db_pool_max_connections", "The most connections the pool opens (DATABASE_POOL_SIZE).", (pool) => pool.options.max ?? 10);

/**
 * Statement kinds, the only label of the query histogram: never the SQL text or its values, which
 * would make a series per statement and could carry personal data.
 */
export type StatementKind = "select" | "insert" | "update" | "delete" | "transaction" | "other";

export const dbQueryDuration = new Histogram<"statement">({
  name: "pap_db_query_duration_seconds",
  help: "Time from sending a statement on a pooled connection to its answer (waiting for a connection excluded), by statement kind: select, insert, update, delete, transaction (BEGIN, COMMIT, ROLLBACK, savepoints), other.",
  labelNames: ["statement"],
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});
