import path from "node:path";
import { positive } from "./process";
import { seedSizes } from "./seed";

export const modeNames = ["single", "cluster", "distributed"] as const;
export type ModeName = (typeof modeNames)[number];

/** One data set the cells run against: the first is seeded, each later one grown from the one before. */
export type DataSize = { persons: number; tasks: number };

export type Settings = {
  /** Server where a throwaway database is created (and dropped) for each run. */
  adminUrl: string;
  /** Measured seconds per scenario. */
  durationSeconds: number;
  /** Unmeasured seconds per scenario first, so JIT, pools and caches are warm when measuring starts. */
  warmupSeconds: number;
  connections: number;
  modes: ModeName[];
  /** Times each paired cell runs on each side, alternating platform and floor, so drift in a noisy machine hits both. */
  rounds: number;
  sizes: DataSize[];
  /** Each mode gets its own block of ports (base, base + 100, ...) so a slow-to-release socket never collides. */
  basePort: number;
  repositoryRoot: string;
};

// Defaults fit the whole run (seed, growth, single mode against the floor, two rounds) in about six minutes on two cores.
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const modes = (env.BENCH_MODES ?? "single")
    .split(",")
    .map((mode) => mode.trim())
    .filter(Boolean);
  const unknown = modes.filter((mode) => !(modeNames as readonly string[]).includes(mode));
  if (unknown.length || !modes.length) throw new Error(`BENCH_MODES: unknown mode(s) '${unknown.join(", ")}'; choose from ${modeNames.join(", ")}`);
  const first = seedSizes.persons;
  // 0 skips the growth: one data set only.
  const grown = positive(env, "BENCH_GROWTH", 100_000, true);
  if (grown && grown <= first) throw new Error(`BENCH_GROWTH (${grown}) must be more persons than the first seed's ${first}, or 0`);
  return {
    adminUrl: env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    durationSeconds: positive(env, "BENCH_DURATION", 4),
    warmupSeconds: positive(env, "BENCH_WARMUP", 1, true),
    connections: positive(env, "BENCH_CONNECTIONS", 50),
    modes: modes as ModeName[],
    rounds: positive(env, "BENCH_ROUNDS", 2),
    // As many tasks as persons at each size: the workflow's table grows beside the persons'.
    sizes: [{ persons: first, tasks: first }, ...(grown ? [{ persons: grown, tasks: grown }] : [])],
    basePort: positive(env, "BENCH_PORT", 4600),
    // Compiled to bench/dist/*.js, so the repository root is two levels up.
    repositoryRoot: path.resolve(__dirname, "../.."),
  };
}
