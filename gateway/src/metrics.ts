import { Prisma, type PrismaClient } from "@pap/db";
import { headOfLog, type EventRuntime } from "@pap/events";
import { eventsCommitted, metricsRegistry } from "@pap/kernel";
import { Gauge } from "prom-client";

/** The databases of the platforms this process runs (one, but for tests that start several). */
const databases = new Set<PrismaClient>();

/** Read at each scrape: how far each durable consumer is behind the log, and the timers due but not yet fired. */
new Gauge({
  name: "pap_consumer_lag_events",
  help: "Events in the log that each durable consumer has not yet passed (head position minus its position).",
  labelNames: ["consumer"],
  registers: [metricsRegistry],
  aggregator: "max",
  async collect() {
    this.reset();
    for (const db of databases) {
      const [head, consumers] = await Promise.all([headOfLog(db), db.$queryRaw<Array<{ name: string; position: bigint }>>`SELECT name, position FROM event_consumer`]);
      for (const consumer of consumers) this.set({ consumer: consumer.name }, Number(head - consumer.position));
    }
  },
});

new Gauge({
  name: "pap_timers_due",
  help: "Durable timers whose time has come and that have not fired yet (the timer backlog).",
  registers: [metricsRegistry],
  aggregator: "max",
  async collect() {
    let due = 0;
    for (const db of databases) due += Number((await db.$queryRaw<Array<{ due: bigint }>>(Prisma.sql`SELECT count(*) AS due FROM platform_timer WHERE "fireAt" <= now()`))[0]?.due ?? 0);
    this.set(due);
  },
});

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
