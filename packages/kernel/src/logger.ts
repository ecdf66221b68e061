import pino, { type Logger } from "pino";

/** One structured logger per process; LOG_LEVEL tunes it (tests run with `silent`). */
export function createLogger(name: string): Logger {
  return pino({ name, level: process.env.LOG_LEVEL ?? "info" });
}

export type { Logger };
