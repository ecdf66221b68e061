import path from "node:path";
import { positive } from "./process";

export const modeNames = ["single", "cluster", "distributed"] as const;
export type ModeName = (typeof modeNames)[number];

export type Settings = {
  /** Server where a throwaway database is created (and dropped) for each run. */
  adminUrl: string;
  /** Measured seconds per scenario. */
  durationSeconds: number;
  /** Unmeasured seconds per scenario first, so JIT, pools and caches are warm when measuring starts. */
  warmupSeconds: number;
  connections: number;
  modes: ModeName[];
  /** Each mode gets its own block of ports (base, base + 100, ...) so a slow-to-release socket never collides. */
  basePort: number;
  repositoryRoot: string;
};

// Defaults fit the whole run (seed, three modes, five scenarios each) in under three minutes on two cores.
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const modes = (env.BENCH_MODES ?? modeNames.join(","))
    .split(",")
    .map((mode) => mode.trim())
    .filter(Boolean);
  const unknown = modes.filter((mode) => !(modeNames as readonly string[]).includes(mode));
  if (unknown.length || !modes.length) throw new Error(`BENCH_MODES: unknown mode(s) '${unknown.join(", ")}'; choose from ${modeNames.join(", ")}`);
  return {
    adminUrl: env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    durationSeconds: positive(env, "BENCH_DURATION", 5),
    warmupSeconds: positive(env, "BENCH_WARMUP", 2, true),
    connections: positive(env, "BENCH_CONNECTIONS", 50),
    modes: modes as ModeName[],
    basePort: positive(env, "BENCH_PORT", 4600),
    // Compiled to bench/dist/*.js, so the repository root is two levels up.
    repositoryRoot: path.resolve(__dirname, "../.."),
  };
}
