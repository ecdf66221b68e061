import { databaseConfigFromEnv, type DatabaseConfig } from "@pap/db";

export type DeploymentMode = "single" | "distributed" | "cluster";

export type PlatformConfig = {
  mode: DeploymentMode;
  host: string;
  port: number;
  database: DatabaseConfig;
  /** Distributed mode: subgraph i listens on basePort + 1 + i, the database share on basePort + 20, rest-compat on basePort + 30. */
  workers: number;
};

/** Settings come from the environment (and `--mode=` on the command line); every one has a default. */
export function platformConfig(argv: readonly string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const modeFlag = argv.find((arg) => arg.startsWith("--mode="))?.slice("--mode=".length);
  const mode = (modeFlag ?? env.PLATFORM_MODE ?? "single") as DeploymentMode;
  if (!["single", "distributed", "cluster"].includes(mode)) throw new Error(`unknown mode '${mode}' (single, distributed or cluster)`);
  return {
    mode,
    host: env.HOST ?? "127.0.0.1",
    port: Number(env.PORT ?? 4000),
    database: databaseConfigFromEnv(env),
    workers: Number(env.CLUSTER_WORKERS ?? 0) || 0,
  };
}
