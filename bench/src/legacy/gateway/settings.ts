import path from "node:path";
import { positive } from "../process";

export type GatewaySettings = {
  adminUrl: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Each round measures every scenario on both gateways, the order flipped from one round to the next. */
  rounds: number;
  /** Our distributed platform uses basePort…basePort + 20; Hive Gateway listens on basePort + 90. */
  basePort: number;
  repositoryRoot: string;
};

export function gatewaySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): GatewaySettings {
  return {
    adminUrl: env.BENCH_DATABASE_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
    durationSeconds: positive(env, "GATEWAY_BENCH_SECONDS", 10),
    warmupSeconds: positive(env, "GATEWAY_BENCH_WARMUP", 3, true),
    connections: positive(env, "GATEWAY_BENCH_CONNECTIONS", 50),
    rounds: positive(env, "GATEWAY_BENCH_ROUNDS", 2),
    basePort: positive(env, "GATEWAY_BENCH_PORT", 4700),
    // Compiled to bench/dist/gateway/*.js: the repository root is three levels up.
    repositoryRoot: path.resolve(__dirname, "../../.."),
  };
}
