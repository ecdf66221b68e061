import { rm } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import type pg from "pg";
import type { RunningMode } from "../modes";
import { phase } from "../phase";
import { firstLine } from "../process";
import { MiB, writeSource, type SourceFile } from "./files";
import { copiesAtOnce, copy, readAndHash } from "./floor";
import type { MeasureName, Measured, SessionName } from "./results";
import { mbPerSecond, type Sample } from "./sample";
import type { DocumentBenchSettings } from "./settings";
import { storedProblems } from "./stored";
import { download, upload, uploadsAtOnce, type Client, type Uploaded } from "./transfer";

export type RoundsContext = {
  session: SessionName;
  settings: DocumentBenchSettings;
  server: RunningMode;
  db: pg.Client;
  client: Client;
  folders: { sources: string; copies: string };
  log(message: string): void;
  record(measured: Measured): void;
  problem(message: string): void;
};

const labels: Record<MeasureName, string> = {
  copy: "copy",
  copyHash: "copy+hash",
  readHash: "read+hash",
  copiesAtOnce: "copies at once",
  upload: "upload",
  download: "download",
  uploadsAtOnce: "uploads at once",
};

/**
 * The rounds of one platform session. Within a round each platform figure is measured right next to
 * the floor it is compared with, so both see the same moment's load on a shared machine. Every round
 * writes new files (see writeSource); downloads, and the clamd-less session's plain copy, are measured
 * once, in the session without a scanner, as the scanner plays no part in them.
 */
export async function runRounds(context: RoundsContext): Promise<void> {
  const { session, settings, server, log } = context;
  await warmUp(context);
  for (let round = 1; round <= settings.rounds; round++) {
    const name = (file: string) => path.join(context.folders.sources, `${session}-${round}-${file}`);
    const large = await writeSource(name("large.bin"), settings.fileMiB * MiB);
    const small: SourceFile[] = [];
    for (let index = 0; index < settings.concurrency; index++) small.push(await writeSource(name(`small-${index}.bin`), settings.concurrentMiB * MiB));

    const measure = async (what: MeasureName, work: () => Promise<Sample>, onPlatform: boolean) => {
      const label = `${session} #${round} ${labels[what]}`;
      const load = loadavg()[0]!;
      let outcome: { value?: Sample; failure?: string };
      if (onPlatform) outcome = await phase(server, label, log, work);
      else {
        // The floor touches only this machine's disk: a failure here is not the platform's, but it voids the round's ratios all the same.
        outcome = await work().then((value) => ({ value }), (error: Error) => ({ failure: firstLine(error.message) }));
      }
      context.record({ session, round, measure: what, load, ...(outcome.value ? { sample: outcome.value } : { failure: outcome.failure }) });
      if (outcome.value) log(`${label}: ${mbPerSecond(outcome.value).toFixed(0)} MB/s (${(outcome.value.bytes / MiB).toFixed(0)} MiB in ${outcome.value.seconds.toFixed(2)} s; load ${load.toFixed(1)})`);
      else context.problem(`${label} FAILED: ${outcome.failure}`);
    };
    const uploaded: Uploaded[] = [];
    // Odd rounds measure the floor first, even rounds the platform: whatever the position in the round
    // costs (the disk still settling after the sources were written, say) falls on both sides alike.
    const pair = async (floor: () => Promise<void>, platform: () => Promise<void>) => {
      for (const side of round % 2 ? [floor, platform] : [platform, floor]) await side();
    };

    let stored: Uploaded | undefined;
    await pair(
      async () => {
        if (session === "plain") await measure("copy", () => copy(large, context.folders.copies, false), false);
        await measure("copyHash", () => copy(large, context.folders.copies, true), false);
      },
      () =>
        measure(
          "upload",
          async () => {
            const { sample, uploaded: one } = await upload(context.client, large);
            uploaded.push((stored = one));
            return sample;
          },
          true,
        ),
    );
    if (session === "plain") {
      await pair(
        () => measure("readHash", () => readAndHash(large), false),
        async () => {
          if (stored) await measure("download", () => download(context.client, stored!), true);
          else context.record({ session, round, measure: "download", load: loadavg()[0]!, failure: "not run: the upload failed" });
        },
      );
    }
    await pair(
      () => measure("copiesAtOnce", () => copiesAtOnce(small, context.folders.copies), false),
      () =>
        measure(
          "uploadsAtOnce",
          async () => {
            const { sample, uploaded: several } = await uploadsAtOnce(context.client, small);
            uploaded.push(...several);
            return sample;
          },
          true,
        ),
    );

    for (const problem of await storedProblems(context.db, uploaded, session === "clamd")) context.problem(`${session} #${round}: ${problem}`);
    // The platform keeps its copies in the content directory; the sources have served.
    await Promise.all([large, ...small].map((file) => rm(file.path, { force: true })));
  }
}

/** One small upload and download, unmeasured: the first request of a fresh process pays for JIT and pools. */
async function warmUp(context: RoundsContext): Promise<void> {
  const outcome = await phase(context.server, `${context.session} warm-up`, context.log, async () => {
    const file = await writeSource(path.join(context.folders.sources, `${context.session}-warm-up.bin`), MiB);
    const { uploaded } = await upload(context.client, file);
    await download(context.client, uploaded);
    await rm(file.path, { force: true });
  });
  if (outcome.failure) context.problem(`${context.session} warm-up FAILED: ${outcome.failure}`);
}
