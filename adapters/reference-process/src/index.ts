import type { FastifyInstance } from "fastify";

/** Where a reference service listens and how it logs, from the environment: PORT (its default), HOST (127.0.0.1), LOG_LEVEL (info). */
export function listenSettingsFromEnv(
  defaultPort: number,
  env: NodeJS.ProcessEnv = process.env,
): { port: number; host: string; logger: false | { level: string } } {
  const port = Number(env.PORT ?? defaultPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not '${env.PORT}'.`);
  const level = env.LOG_LEVEL ?? "info";
  return { port, host: env.HOST ?? "127.0.0.1", logger: level === "silent" ? false : { level } };
}

/**
 * Runs a reference service as its own process: listens, prints one line saying where (`describe` adds
 * what it serves), tells a launcher that forked it its address over IPC (the launcher gives PORT 0 and
 * learns the port from here, not from the output), and stops cleanly on SIGTERM, SIGINT, or when the
 * launcher that forked it is gone (stopped, crashed or killed), taking the service with it.
 */
export async function serveAsProcess(
  app: FastifyInstance,
  options: { name: string; port: number; host: string; describe?: (url: string) => string },
): Promise<string> {
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const actualPort = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${actualPort}`;
  process.stdout.write(`${options.name} listening on ${url}${options.describe ? ` (${options.describe(url)})` : ""}\n`);
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
  process.once("disconnect", () => stop("SIGTERM"));
  return url;
}

/** Runs `main`, and exits with the error printed when it fails. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

type FastifyRefusal = { code?: string; statusCode?: number };

/**
 * What to tell a client whose body Fastify itself refused (4xx before any handler ran), in plain words
 * and without quoting the body: a parse error's own message quotes it, and bodies may hold SSNs.
 */
export function bodyRefusalMessage(error: FastifyRefusal): string {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "The request body must be JSON (Content-Type: application/json).";
  if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") return "Invalid JSON in request body.";
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return "The request body is too large.";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty.";
  return "The request could not be read.";
}
