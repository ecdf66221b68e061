import { tmpdir } from "node:os";
import path from "node:path";
import { positive } from "../process";
import { sessionTargetFromEnv, type SessionTarget } from "../single-session";

export type DocumentBenchSettings = SessionTarget & {
  /** The size of the file uploaded and downloaded one at a time, in MiB. */
  fileMiB: number;
  /** Rounds of every measurement; figures are the median of the rounds. */
  rounds: number;
  /** Uploads sent at once in the concurrent measurement. */
  concurrency: number;
  /** The size of each of those uploads, in MiB. */
  concurrentMiB: number;
  /** Where the source files, the floor's copies and the platform's CONTENT_DIRECTORY live: one filesystem for all. */
  directory: string;
  /** The clamd the scanning session's platform is given as CLAMD_URL. */
  clamdUrl: string;
};

/**
 * The knobs (see the top of run.ts). Defaults keep the whole run near two minutes on two cores: two
 * platform starts on fresh databases, and three rounds of 100 MiB each way plus four 10 MiB at once.
 */
export function documentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DocumentBenchSettings {
  return {
    // Away from the other benchmarks' ports (4600…, 4700…, 4860, 4950, 5050, 5150).
    ...sessionTargetFromEnv(env, { variable: "DOC_BENCH_PORT", fallback: 5250 }),
    fileMiB: positive(env, "DOC_BENCH_MB", 100),
    rounds: positive(env, "DOC_BENCH_ROUNDS", 3),
    concurrency: positive(env, "DOC_BENCH_CONCURRENCY", 4),
    concurrentMiB: positive(env, "DOC_BENCH_CONCURRENT_MB", 10),
    // One directory per run, so two runs (or a run after a crash) never share files.
    directory: path.resolve(env.DOC_BENCH_DIR?.trim() || tmpdir(), `pap-documents-bench-${process.pid}`),
    clamdUrl: env.DOC_BENCH_CLAMD_URL?.trim() || "tcp://127.0.0.1:3310",
  };
}
