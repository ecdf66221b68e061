// What every benchmark entry point shares: reading numeric knobs, cleaning up on Ctrl-C, exiting.

/** A whole-number setting from the environment, with a clear error for anything else. */
export function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, zeroAllowed = false): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) throw new Error(`${name} must be a ${zeroAllowed ? "non-negative" : "positive"} integer, got '${raw}'`);
  return value;
}

export const firstLine = (text: string) => (text.split("\n")[0] ?? "").slice(0, 400);

/** Ctrl-C must not leave a server running or a database behind. Returns the function that unhooks it. */
export function onInterrupt(cleanUp: () => Promise<void>): () => void {
  const handler = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: stopping the server and dropping the database\n`);
    cleanUp().finally(() => process.exit(130));
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
  return () => {
    process.off("SIGINT", handler);
    process.off("SIGTERM", handler);
  };
}

/** Runs a benchmark's main and exits with its code (1 on a crash). */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
