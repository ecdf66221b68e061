import type { FastifyRateLimitStore as Store, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import Redis from "ioredis";
import type { FastifyBaseLogger } from "fastify";

/** What @fastify/rate-limit asks of a store: count one more request of `key` in its window. */
type Count = Store["incr"];
type StoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores, so both ways of counting keep its exact window arithmetic (it ships no types for them).
const RedisStore = require("@fastify/rate-limit/store/RedisStore") as StoreConstructor;
const LocalStore = require("@fastify/rate-limit/store/LocalStore") as StoreConstructor;

/** A store for the plugin's `store` option, and the Redis connection it holds (closed with the app). */
export type SharedRateCounts = { Store: FastifyRateLimitStoreCtor; close(): Promise<void> };

/**
 * Counts each caller's requests in Redis, so every host behind the load balancer enforces one budget
 * per caller. While Redis does not answer, each process counts in its own memory instead: a caller
 * may then make up to hosts × RATE_LIMIT_MAX per window, but no client is refused (5xx) or let
 * through unlimited for our outage. Failing closed would turn a Redis outage into an outage of the
 * whole platform; failing fully open would leave no limit at all while it lasts.
 */
export async function sharedRateCounts(redisUrl: string, prefix: string, log: FastifyBaseLogger): Promise<SharedRateCounts> {
  const redis = new Redis(redisUrl, {
    // A request never waits for Redis: no queue while disconnected, one try, and an answer within half
    // a second, else it is counted locally. The client keeps reconnecting in the background.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 500,
    commandTimeout: 500,
    // A socket that has not closed this long after a close is destroyed (ioredis waits two seconds, holding the process open).
    disconnectTimeout: 200,
  });
  let shared = true;
  const degrade = (error: Error) => {
    if (!shared) return;
    shared = false;
    log.warn({ err: error }, "rate limits: Redis does not answer; counting per process until it does");
  };
  const recover = () => {
    if (shared) return;
    shared = true;
    log.info("rate limits: Redis answers again; counting shared across hosts");
  };
  // ioredis reports each failed reconnection as an event (unheard, it would print each one): the change is logged once.
  redis.on("error", degrade);
  // The first requests would find no connection yet and be counted locally: the start waits a moment
  // for one, but never longer than a request would (a Redis down at start is an outage like any other).
  const connected = await Promise.race([
    new Promise<boolean>((resolve) => redis.once("ready", () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(resolve, 1_000, false).unref()),
  ]);
  if (!connected) degrade(new Error(`no connection to ${new URL(redisUrl).host} within a second of the start`));
  const remote = new RedisStore(false, false, redis, prefix);
  const local = new LocalStore(false, false, 5000);
  class SharedStore implements Store {
    incr: Count = (key, done, windowMs, max) =>
      remote.incr(
        key,
        (error, counted) => {
          if (!error) {
            recover();
            return done(null, counted);
          }
          degrade(error);
          local.incr(key, done, windowMs, max);
        },
        windowMs,
        max,
      );
    child(): Store {
      return this;
    }
  }
  return {
    Store: SharedStore,
    async close() {
      // QUIT lets Redis close first, so no socket of ours lingers; without a connection there is nothing to wait for.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
