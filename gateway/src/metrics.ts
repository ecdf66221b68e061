import { eventsCommitted, metricsRegistry, platformWide } from "@pap/core";
import { Prisma, type PrismaClient } from "@pap/db";
import { headOfLog, type EventRuntime } from "@pap/events";
import { Gauge } from "prom-client";

/** The databases of the platforms this process runs (one, but for tests that start several). */
const databases = new Set<PrismaClient>();

/**
 * Read at each scrape: how far each durable consumer is behind the log, and the timers due but not
 * yet fired. A database that does not answer leaves the last reading, rather than failing the scrape.
 */
new Gauge(
  platformWide({
    name: "pap_consumer_lag_events",
    help: "Events in the log that each durable consumer has not yet passed (head position minus its position).",
    labelNames: ["consumer"],
    registers: [metricsRegistry],
    aggregator: "max",
    async collect() {
      const lags = new Map<string, number>();
      for (const db of databases) {
        const read = await Promise.all([
          headOfLog(db),
          db.$queryRaw<Array<{ name: string; position: bigint }>>`SELECT name, position FROM event_consumer`,
        ]).catch(() => undefined);
        if (!read) return;
        const [head, consumers] = read;
        for (const consumer of consumers) lags.set(consumer.name, Number(head - consumer.position));
      }
      this.reset();
      for (const [consumer, lag] of lags) this.set({ consumer }, lag);
    },
  }),
);

new Gauge(
  platformWide({
    name: "pap_timers_due",
    help: "Durable timers whose time has come and that have not fired yet (the timer backlog).",
    registers: [metricsRegistry],
    aggregator: "max",
    async collect() {
      let due = 0;
      for (const db of databases) {
        const rows = await db
          .$queryRaw<Array<{ due: bigint }>>(Prisma.sql`SELECT count(*) AS due FROM platform_timer WHERE "fireAt" <= now()`)
          .catch(() => undefined);
        if (!rows) return;
        due += Number(rows[0]?.due ?? 0);
      }
      this.set(due);
    },
  }),
);

/**
 * Counts the events committed to the log, as this process's hub sees them arrive, and lets the scrape
 * read the database's consumer lag and timer backlog. Returns what stops it.
 */
export function watchPlatformMetrics(db: PrismaClient, runtime: EventRuntime): () => void {
  databases.add(db);
  const stop = runtime.hub.onAdvance((_head, events) => {
    for (const logged of events) eventsCommitted.inc({ type: logged.event.type });
  });
  return () => {
    stop();
    databases.delete(db);
  };
}
