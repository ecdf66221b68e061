import { loadavg } from "node:os";
import path from "node:path";
import { authorization } from "../auth";
import { firstLine, runMain } from "../process";
import { finishRun, machineFacts } from "../report";
import { inSingleSession } from "../single-session";
import { clamdVersion } from "./clamd";
import { filesystemOf, MiB, workspace } from "./files";
import { resultTables, writeDocumentMarkdown } from "./report";
import type { DocumentResults, SessionName } from "./results";
import { runRounds } from "./rounds";
import { documentSettingsFromEnv } from "./settings";

// `npm run bench:documents`: document upload and download throughput in MB/s through the platform's
// REST surface, each against a floor measured in the same run on the same filesystem: a streaming
// copy of the same bytes with fsync (and with SHA-256, as the store hashes too), and a read with
// SHA-256 for downloads. The platform runs in single mode on a fresh database, started once without
// a virus scanner and once with clamd. Report: bench/results/documents-latest.md.
//
// Knobs (environment variables):
//   DOC_BENCH_MB             size of the file uploaded and downloaded one at a time, MiB (100)
//   DOC_BENCH_ROUNDS         rounds of every measurement; figures are their medians (3)
//   DOC_BENCH_CONCURRENCY    uploads sent at once in the concurrent measurement (4)
//   DOC_BENCH_CONCURRENT_MB  size of each of those, MiB (10)
//   DOC_BENCH_DIR            where the run's directory (content store, sources, copies) is made (the OS temp directory)
//   DOC_BENCH_CLAMD_URL      the clamd of the scanning session (tcp://127.0.0.1:3310; .ci/clamd/start starts one)
//   DOC_BENCH_PORT           the platform's port (5250)
//   BENCH_DATABASE_ADMIN_URL the PostgreSQL server the throwaway databases are created on
//                            (postgresql://postgres@127.0.0.1:5432/postgres)
async function main(): Promise<number> {
  const startedAt = new Date();
  const loadAtStart = loadavg()[0]!;
  const settings = documentSettingsFromEnv();
  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;
  const log = (message: string) => process.stdout.write(`[${elapsed().toFixed(1).padStart(5)} s] ${message}\n`);

  const folders = await workspace(settings.directory);
  const filesystem = filesystemOf(settings.directory);
  log(`machine: ${Object.entries(machineFacts()).map(([key, value]) => `${key} ${value}`).join(", ")}`);
  log(`load average before: ${loadAtStart.toFixed(2)}; files on ${filesystem} under ${settings.directory}`);
  log(`${settings.rounds} rounds of ${settings.fileMiB} MiB one at a time and ${settings.concurrency} × ${settings.concurrentMiB} MiB at once, without and with clamd`);

  // The platform inherits these: its store in the run's directory, on the floor's filesystem, and bytes streamed back rather than redirected.
  Object.assign(process.env, {
    CONTENT_STORE: "filesystem",
    CONTENT_DIRECTORY: folders.content,
    CONTENT_DELIVERY: "stream",
    CONTENT_MAX_BYTES: String(Math.max(settings.fileMiB, settings.concurrentMiB) * MiB + MiB),
  });

  const results: DocumentResults = { measured: [], sessions: {}, problems: [] };
  let clamd = "not asked";
  const session = async (name: SessionName) => {
    log(`--- platform ${name === "plain" ? "without a scanner" : `with clamd at ${settings.clamdUrl}`}`);
    if (name === "plain") {
      // NODE_ENV=production refuses to start without a scanner unless told it is off on purpose.
      process.env.VIRUS_SCAN = "off";
      delete process.env.CLAMD_URL;
    } else {
      process.env.VIRUS_SCAN = "on";
      process.env.CLAMD_URL = settings.clamdUrl;
    }
    const outcome = await inSingleSession({
      ...settings,
      log,
      failed: (reason) => results.problems.push(`${name} session FAILED: ${reason}`),
      measure: async ({ server, db }) => {
        // The banner says where the bytes go and whether they are scanned: the settings must have reached the platform.
        const documentsLine = /documents\s+kept in .*/.exec(server.output())?.[0]?.trim() ?? "(no documents line in the banner)";
        results.sessions[name] = { startSeconds: server.startSeconds, stop: null, documentsLine };
        const expected = name === "plain" ? "NOT scanned" : `scanned by clamd at ${settings.clamdUrl}`;
        if (!documentsLine.includes(folders.content) || !documentsLine.includes(expected)) {
          throw new Error(`the platform's banner does not say documents are kept in ${folders.content}, ${expected}: ${documentsLine}`);
        }
        await runRounds({
          session: name,
          settings,
          server,
          db,
          client: { base: server.restBase, authorization: authorization.authorization ?? "" },
          folders,
          log,
          record: (measured) => results.measured.push(measured),
          problem: (message) => results.problems.push(message),
        });
      },
    });
    if (results.sessions[name]) results.sessions[name]!.stop = outcome.stop;
    return outcome.interrupted;
  };

  if (await session("plain")) return 130;
  try {
    clamd = await clamdVersion(settings.clamdUrl);
    log(`clamd: ${clamd}`);
    if (await session("clamd")) return 130;
  } catch (error) {
    clamd = `not reachable: ${firstLine((error as Error).message)}`;
    results.problems.push(`clamd session not run: ${firstLine((error as Error).message)}`);
  }
  await folders.remove();

  const totalSeconds = elapsed();
  const loadAtEnd = loadavg()[0]!;
  log(`load average after: ${loadAtEnd.toFixed(2)}`);
  process.stdout.write(`\n${resultTables(results, settings).join("\n")}\n`);
  const file = path.join(settings.repositoryRoot, "bench", "results", "documents-latest.md");
  await writeDocumentMarkdown(file, results, { settings, startedAt, totalSeconds, load: { start: loadAtStart, end: loadAtEnd }, filesystem, clamd });
  return finishRun(file, totalSeconds, results.problems);
}

runMain(main);
