import { controlFromEnv } from "./control";
import { buildServer } from "./http/server";

/**
 * The reference agency simulator as its own process. PORT (default 4020) and HOST (default 127.0.0.1)
 * say where it listens; AGENCY_SIMULATOR_TOKEN, when set, is the bearer token agency routes require;
 * AGENCY_SIMULATOR_LATENCY_MS, _FAILURE_RATE, _FAILING and _SLOW_MS are the control switch's start-up
 * settings; LOG_LEVEL (default info) its logging. Stops cleanly on SIGTERM and SIGINT.
 */
async function main() {
  const port = Number(process.env.PORT ?? 4020);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not '${process.env.PORT}'.`);
  const host = process.env.HOST ?? "127.0.0.1";
  const level = process.env.LOG_LEVEL ?? "info";
  const token = process.env.AGENCY_SIMULATOR_TOKEN?.trim() || undefined;
  const app = buildServer({ token, control: controlFromEnv(), logger: level === "silent" ? false : { level } });
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
  process.stdout.write(`Reference agency simulator listening on ${url} (POST ${url}/agencies/{serviceType}; switch at ${url}/control)\n`);
  // Started by the platform's launcher (forked, PORT 0): it learns the address from here, not from the output.
  process.send?.({ listening: url });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping");
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // A launcher that forked it and is gone (stopped, crashed or killed) takes its simulator with it.
  process.once("disconnect", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
