import { readSetting, type SettingValue } from "@pap/core";
import { databaseConfigFromEnv, type DatabaseConfig } from "@pap/db";

export type DeploymentMode = SettingValue<"PLATFORM_MODE">;

export type PlatformConfig = {
  mode: DeploymentMode;
  host: string;
  port: number;
  database: DatabaseConfig;
  /** Distributed mode: subgraph i listens on basePort + 1 + i, the database share on basePort + 20, rest-compat on basePort + 30. */
  workers: number;
};

/** The environment as the command line amends it: `--mode=` stands for PLATFORM_MODE. */
export function withCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const modeFlag = argv.find((arg) => arg.startsWith("--mode="))?.slice("--mode=".length);
  return modeFlag === undefined ? env : { ...env, PLATFORM_MODE: modeFlag };
}

/** Settings come from the environment (and `--mode=` on the command line); every one has a default. */
export function platformConfig(argv: readonly string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return {
    mode: readSetting("PLATFORM_MODE", withCommandLine(argv, env)),
    host: readSetting("HOST", env),
    port: readSetting("PORT", env),
    database: databaseConfigFromEnv(env),
    workers: readSetting("CLUSTER_WORKERS", env) ?? 0,
  };
}
