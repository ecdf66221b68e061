import { stopTracing } from "@pap/core";

/** Graceful stop on SIGINT/SIGTERM: finish in-flight requests, close the database, send the last spans, then exit. */
export function stopOnSignals(stop: () => Promise<unknown>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    stop()
      .then(stopTracing)
      .then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
}
