import { GATEWAY_ADDRESS } from "./network";
import { type Started, startProcess } from "./processes";

const REDIS_PORT = 6379;

/** The hosts' shared per-caller limits: a Redis server on the bridge (the machine's own listens on its loopback only). */
export function startRedis(runDirectory: string): { started: Started; url: string } {
  const started = startProcess(
    "redis",
    ["redis-server", "--bind", GATEWAY_ADDRESS, "--port", String(REDIS_PORT), "--save", "", "--appendonly", "no", "--dir", runDirectory],
    { logDirectory: runDirectory },
  );
  return { started, url: `redis://${GATEWAY_ADDRESS}:${REDIS_PORT}` };
}
