import { reportOpening, resultsSection, writeReportLines } from "../report";
import { compare, ratesOf, type DocumentResults, type MeasureName, type SessionName } from "./results";
import { mbPerSecond, median } from "./sample";
import type { DocumentBenchSettings } from "./settings";

export type DocumentRunFacts = {
  settings: DocumentBenchSettings;
  startedAt: Date;
  totalSeconds: number;
  /** The 1-minute load average at the start and the end: on a shared machine, what the figures were measured under. */
  load: { start: number; end: number };
  filesystem: string;
  clamd: string;
};

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const rounds = (rates: readonly number[]) => (rates.length ? rates.map((rate) => fixed(rate)).join(", ") : "–");
const range = (ratios: number[]) => (ratios.length ? `${fixed(Math.min(...ratios), 2)}–${fixed(Math.max(...ratios), 2)}` : "–");

type FloorRow = { label: string; measure: MeasureName };
type PlatformRow = { label: string; measure: MeasureName; session: SessionName; floor: MeasureName };

function rowsFor(settings: DocumentBenchSettings): { floors: FloorRow[]; platform: PlatformRow[] } {
  const large = `${settings.fileMiB} MiB`;
  const atOnce = `${settings.concurrency} × ${settings.concurrentMiB} MiB at once`;
  return {
    floors: [
      { label: `copy + fsync, ${large}`, measure: "copy" },
      { label: `copy + SHA-256 + fsync, ${large}`, measure: "copyHash" },
      { label: `read + SHA-256, ${large}`, measure: "readHash" },
      { label: `copy + SHA-256 + fsync, ${atOnce}`, measure: "copiesAtOnce" },
    ],
    platform: [
      { label: `upload, not scanned, ${large}`, measure: "upload", session: "plain", floor: "copyHash" },
      { label: `upload, scanned by clamd, ${large}`, measure: "upload", session: "clamd", floor: "copyHash" },
      { label: `download + client SHA-256, ${large}`, measure: "download", session: "plain", floor: "readHash" },
      { label: `uploads, not scanned, ${atOnce}`, measure: "uploadsAtOnce", session: "plain", floor: "copiesAtOnce" },
      { label: `uploads, scanned by clamd, ${atOnce}`, measure: "uploadsAtOnce", session: "clamd", floor: "copiesAtOnce" },
    ],
  };
}

const sessions: readonly SessionName[] = ["plain", "clamd"];

const floorNames: Partial<Record<MeasureName, string>> = { copyHash: "copy+hash", readHash: "read+hash", copiesAtOnce: "copies+hash at once" };

/** The results as markdown tables: printed after the run and written into the results file. */
export function resultTables(results: DocumentResults, settings: DocumentBenchSettings): string[] {
  const { floors, platform } = rowsFor(settings);
  return [
    "### Floor: the same bytes on the same filesystem, no platform (MB/s, 10^6 bytes/s)",
    "",
    "| measurement | median MB/s | by round |",
    "| --- | ---: | ---: |",
    ...floors.map(({ label, measure }) => {
      const rates = [...ratesOf(results, measure).values()];
      // Some floors are measured in both sessions: their rounds are told apart.
      const bySession = sessions.map((session) => [session, [...ratesOf(results, measure, session).values()]] as const).filter(([, sessionRates]) => sessionRates.length);
      const perRound = bySession.length > 1 ? bySession.map(([session, sessionRates]) => `${session}: ${rounds(sessionRates)}`).join("; ") : rounds(rates);
      return `| ${label} | ${fixed(median(rates))} | ${perRound} |`;
    }),
    "",
    "### Platform against the floor measured in the same rounds",
    "",
    "| measurement | median MB/s | by round | floor | floor median MB/s | platform ÷ floor | by round | ÷ copy+hash |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |",
    ...platform.map(({ label, measure, session, floor }) => {
      const against = compare(results, measure, session, floor);
      const plain = compare(results, measure, session, "copyHash");
      return `| ${label} | ${fixed(median(against.rates))} | ${rounds(against.rates)} | ${floorNames[floor]} | ${fixed(median(against.floorRates))} | **${fixed(against.ratio, 2)}** | ${range(against.roundRatios)} | ${fixed(plain.ratio, 2)} |`;
    }),
  ];
}

function measurementsTable(results: DocumentResults): string[] {
  return [
    "## Every measurement",
    "",
    "| session | round | measurement | load before | MiB | seconds | MB/s |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: |",
    ...results.measured.map(
      (m) =>
        `| ${m.session} | ${m.round} | ${m.measure} | ${fixed(m.load, 1)} | ${m.sample ? fixed(m.sample.bytes / 2 ** 20) : "–"} | ${m.sample ? fixed(m.sample.seconds, 2) : "–"} | ${m.sample ? fixed(mbPerSecond(m.sample)) : `FAILED: ${m.failure}`} |`,
    ),
    "",
  ];
}

const sessionLine = (name: string, facts: DocumentResults["sessions"][SessionName]) =>
  facts
    ? `- ${name}: ready in ${facts.startSeconds.toFixed(1)} s, ${facts.stop ? (facts.stop.killed ? `still running ${facts.stop.seconds.toFixed(1)} s after SIGTERM, killed` : `stopped ${facts.stop.seconds.toFixed(1)} s after SIGTERM`) : "not stopped"}; its banner: \`${facts.documentsLine}\``
    : `- ${name}: not started`;

export async function writeDocumentMarkdown(file: string, results: DocumentResults, facts: DocumentRunFacts): Promise<void> {
  const { settings } = facts;
  const lines = [
    ...reportOpening(
      "Document upload and download benchmark results",
      `Run ${facts.startedAt.toISOString()}; total wall time ${facts.totalSeconds.toFixed(1)} s; load average (1 min) ${facts.load.start.toFixed(2)} at the start, ${facts.load.end.toFixed(2)} at the end (2 cores: above 2, other work was waiting for them).`,
    ),
    `- Filesystem of the content store, the source files and the floor's copies: ${facts.filesystem} (\`${settings.directory}\`, removed after the run).`,
    `- clamd: ${facts.clamd} at ${settings.clamdUrl}.${/^ClamAV [\d.]+$/.test(facts.clamd) ? " Its VERSION answer names no signature database: it loaded no official signatures (\`.ci/clamd/start\` gives it a one-signature file), so a scan here costs less than in a deployment with the full database." : ""}`,
    `- Platform: \`single\` mode (one process), a child process with LOG_LEVEL=warn, NODE_ENV=production, on a fresh, migrated PostgreSQL database, started twice: without a scanner (VIRUS_SCAN=off, no CLAMD_URL) and with CLAMD_URL. CONTENT_STORE=filesystem under the run's directory, CONTENT_DELIVERY=stream, CONTENT_MAX_BYTES just above the largest file. A state administrator's development token.`,
    `- Files: random bytes (incompressible, and of no type clamd parses further), a new file for every upload, since clamd remembers the verdict for content it has scanned; each synced to disk before it is measured, and so still in the page cache when read: the floor and the platform both read it from memory.`,
    `- Upload: \`POST /document-management/documents\`, multipart/form-data with \`documentTypeId\` (pay stub), \`title\`, then \`file\`, the body generated from the file on disk while it is sent (1 MiB reads, chunked transfer), through \`fetch\` with \`duplex: "half"\`, on loopback from the benchmark's process. Timed from the request to the parsed 201 answer: multipart parsing, the store's hashing, writing, fsync, rename and directory fsync, the scan when on, and the document's database rows. Afterwards every version's size, SHA-256 and \`scanned\` flag in \`document_version\` must match the file and the session.`,
    `- Download: \`GET /document-management/document-versions/{id}/content\` of the round's upload, the body consumed as it arrives and hashed by the client; the hash must match the file. Timed to the last byte.`,
    `- At once: ${settings.concurrency} uploads of ${settings.concurrentMiB} MiB files sent together; MB/s is their bytes over the time from the first request to the last answer. Its floor copies the same files at once, each hashed and synced.`,
    `- Floor, measured by the benchmark's process with the store's own kind of Node.js streams (64 KiB reads; the destination opened \`wx\` with \`flush\`, i.e. fsync before close): copy; copy + SHA-256 (what the store itself must do at least); read + SHA-256 (what a checked download must do at least).`,
    `- ${settings.rounds} round(s) per session; in each, a floor is measured right next to the platform figure compared with it (the floor first in odd rounds, the platform first in even ones), so both see the same moment's load. Figures are medians of the rounds; platform ÷ floor is the ratio of the medians, "by round" the lowest and highest ratio of one round's pair. ÷ copy+hash is every platform figure against the single-file copy + SHA-256 + fsync of the same session's rounds. Downloads and the plain copy are measured in the session without a scanner only. An unmeasured 1 MiB upload and download warm each session up.`,
    "- The client, the platform, clamd and PostgreSQL share the machine's two cores and its disk with whatever else runs: the ratios, measured side by side, say more than the absolute figures.",
    "",
    sessionLine("without scanner", results.sessions.plain),
    sessionLine("with clamd", results.sessions.clamd),
    ...resultsSection(resultTables(results, settings), results.problems, measurementsTable(results)),
  ];
  await writeReportLines(file, lines);
}
