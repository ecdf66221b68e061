import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { median, spread } from "../measure";
import { admin, freshDatabase, startPlatform, watched, type Platform } from "../platform";
import { attempt, type Suite } from "../suite";

// Uploads and downloads against the same bytes copied (or read) and hashed on the same filesystem with
// the kind of streams the filesystem store uses, right beside each figure; without a scanner, then with clamd.

const MiB = 1024 * 1024;
type Source = { path: string; bytes: number; sha256: string };
const bytesOf = (files: readonly Source[]) => files.reduce((sum, file) => sum + file.bytes, 0);
/** MB/s (10^6 bytes) of work moving `bytes`. */
async function timed(bytes: number, work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return bytes / (Number(process.hrtime.bigint() - started) / 1e9) / 1e6;
}

export const documents: Suite = async (context) => {
  const { scope, quick } = context;
  const settings = quick ? { fileMiB: 8, rounds: 1, atOnce: 4, atOnceMiB: 2 } : { fileMiB: 100, rounds: 3, atOnce: 4, atOnceMiB: 10 };
  const clamdUrl = process.env.BENCH_CLAMD_URL ?? "tcp://127.0.0.1:3310";
  // One directory per run, on one filesystem for the store, the sources and the floor's copies.
  const directory = path.join(process.env.BENCH_DOCUMENTS_DIR ?? tmpdir(), `pap-documents-bench-${process.pid}`);
  const [content, sources, copies] = ["content", "sources", "copies"].map((name) => path.join(directory, name));
  for (const folder of [content!, sources!, copies!]) await mkdir(folder, { recursive: true });
  // The exit hook too: an interrupted run ends the process before the scope's cleanup has finished.
  process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
  scope.defer(() => rm(directory, { recursive: true, force: true }));
  context.note(
    `${settings.rounds} round(s) of ${settings.fileMiB} MiB one at a time and ${settings.atOnce} × ${settings.atOnceMiB} MiB at once, under ${directory}; clamd at ${clamdUrl}: ${await clamdVersion(clamdUrl).catch((error: Error) => error.message)}`,
  );
  /** Each scenario's MB/s, ours and the floor's, by round. */
  const rates: Record<string, { ours: number[]; floor: number[] }> = {};

  for (const session of ["plain", "clamd"] as const) {
    const ids = session === "plain" ? ["upload", "download", "uploads-at-once"] : ["upload-scanned", "uploads-at-once-scanned"];
    const failing = ids.map((scenario) => ({ scenario }));
    await attempt(context, failing, async () => {
      if (session === "clamd") await clamdVersion(clamdUrl);
      const database = await freshDatabase(scope);
      const platform = await startPlatform(scope, database.url, {
        env: {
          CONTENT_STORE: "filesystem",
          CONTENT_DIRECTORY: content,
          CONTENT_DELIVERY: "stream",
          CONTENT_MAX_BYTES: String(Math.max(settings.fileMiB, settings.atOnceMiB) * MiB + MiB),
          ...(session === "plain" ? { VIRUS_SCAN: "off", CLAMD_URL: undefined } : { VIRUS_SCAN: "on", CLAMD_URL: clamdUrl }),
        },
      });
      // The banner says where the bytes go and whether they are scanned: the settings must have reached the platform.
      const banner = /documents\s+kept in .*/.exec(platform.output())?.[0] ?? "(no documents line in the banner)";
      if (!banner.includes(content!) || !banner.includes(session === "plain" ? "NOT scanned" : "scanned by clamd"))
        throw new Error(`the banner does not say where documents are kept, ${session === "plain" ? "unscanned" : "scanned"}: ${banner}`);
      const warm = await writeSource(path.join(sources!, `${session}-warm-up`), MiB);
      await download(platform, await upload(platform, warm));
      for (let round = 1; round <= settings.rounds; round++) {
        const name = (file: string) => path.join(sources!, `${session}-${round}-${file}`);
        const large = await writeSource(name("large"), settings.fileMiB * MiB);
        const small = await Promise.all(
          Array.from({ length: settings.atOnce }, (_, index) => writeSource(name(`small-${index}`), settings.atOnceMiB * MiB)),
        );
        // Odd rounds measure the floor first, even rounds the platform: whatever the place in the round costs falls on both.
        const pair = async (scenario: string, { floor, ours }: Record<"floor" | "ours", () => Promise<number>>) => {
          const measured = (rates[scenario] ??= { ours: [], floor: [] });
          const sides = [async () => (measured.floor[round - 1] = await floor()), async () => (measured.ours[round - 1] = await ours())];
          for (const side of round % 2 ? sides : sides.reverse()) await side();
        };
        const stored: { versionId: string; file: Source }[] = [];
        const uploading = (files: Source[]) =>
          timed(bytesOf(files), async () => {
            const versions = await watched([platform], () => Promise.all(files.map((file) => upload(platform, file))));
            stored.push(...versions.map((versionId, index) => ({ versionId, file: files[index]! })));
          });
        // Uploads against copies of the same files; the scenario's name says whether clamd scanned them.
        const uploads = (scenario: string, files: Source[]) =>
          pair(session === "clamd" ? `${scenario}-scanned` : scenario, {
            floor: () => copied(files, copies!),
            ours: () => uploading(files),
          });
        await uploads("upload", [large]);
        if (session === "plain") {
          const downloadLarge = () => watched([platform], () => download(platform, stored[0]!.versionId, large));
          await pair("download", {
            floor: () => timed(large.bytes, () => readAndHash(large)),
            ours: () => timed(large.bytes, downloadLarge),
          });
        }
        await uploads("uploads-at-once", small);
        await storedAsSent(database.client, stored, session === "clamd");
        await Promise.all([large, ...small].map((file) => rm(file.path, { force: true })));
      }
      await platform.stop();
    });
  }
  for (const [scenario, { ours, floor }] of Object.entries(rates)) {
    if (!ours.length || !floor.length) continue;
    const ratios = ours.map((rate, index) => rate / floor[index]!);
    context.record({ scenario, ours: median(ours), comparison: median(floor), detail: spread(ratios) });
  }
};

/** Random bytes, a new file each time (clamd remembers verdicts), synced so writing it back does not land on what is measured. */
async function writeSource(file: string, bytes: number): Promise<Source> {
  const hash = createHash("sha256");
  const handle = await open(file, "wx");
  try {
    for (let written = 0; written < bytes; written += MiB) {
      const chunk = randomBytes(Math.min(MiB, bytes - written));
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { path: file, bytes, sha256: hash.digest("hex") };
}

/** The floor's work: the file streamed through a hash, as the store's digest stage does, into `destination`. */
async function hashedInto(source: Source, destination: Writable): Promise<void> {
  const hash = createHash("sha256");
  const digest = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(source.path), digest, destination);
  if (hash.digest("hex") !== source.sha256) throw new Error(`${source.path} hashed differently on its way through`);
}

/** The floor of an upload: a copy written as the store writes (`wx`, fsync before close). */
async function copy(source: Source, copies: string): Promise<string> {
  const destination = path.join(copies, `${path.basename(source.path)}-${randomUUID()}`);
  await hashedInto(source, createWriteStream(destination, { flags: "wx", flush: true }));
  return destination;
}

/** Copies timed, then removed outside the timing: the platform's uploads are not deleted either. */
async function copied(sources: Source[], copies: string): Promise<number> {
  const destinations: string[] = [];
  const rate = await timed(bytesOf(sources), async () =>
    destinations.push(...(await Promise.all(sources.map((source) => copy(source, copies))))),
  );
  await Promise.all(destinations.map((destination) => rm(destination, { force: true })));
  return rate;
}

/** The floor of a checked download: the file read and hashed. */
const readAndHash = (source: Source) => hashedInto(source, new Writable({ write: (_chunk, _encoding, done) => done() }));

/** A pay stub, the file read as the request goes out: a client never holds a large document whole, nor must the benchmark. */
async function upload(platform: Platform, file: Source): Promise<string> {
  const boundary = `----pap-bench-${randomUUID()}`;
  const fields = { documentTypeId: "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1", title: "Benchmark upload" };
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  async function* parts() {
    yield Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file.path)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    // 1 MiB reads: fewer, larger socket writes keep the client's share of the cores small.
    for await (const chunk of createReadStream(file.path, { highWaterMark: MiB })) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const chunks = parts();
  // Read only when fetch asks: the socket's pace sets the file's.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    // Closes the file when the request fails half-way.
    cancel: async () => void (await chunks.return(undefined)),
  });
  const init = {
    method: "POST",
    headers: { ...admin, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit;
  const response = await fetch(`${platform.restBase}/document-management/documents`, init);
  const text = await response.text();
  const versionId = response.status === 201 ? (JSON.parse(text) as { latestVersionId?: string }).latestVersionId : undefined;
  if (!versionId) throw new Error(`POST /document-management/documents answered ${response.status}: ${text.slice(0, 300)}`);
  return versionId;
}

/** A version's bytes, hashed as they arrive (what a client that checks does); they must be the file's. */
async function download(platform: Platform, versionId: string, file?: Source): Promise<void> {
  const response = await fetch(`${platform.restBase}/document-management/document-versions/${versionId}/content`, {
    headers: admin,
    redirect: "manual",
  });
  if (response.status !== 200 || !response.body) throw new Error(`GET …/${versionId}/content answered ${response.status}`);
  const hash = createHash("sha256");
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) hash.update(read.value);
  if (file && hash.digest("hex") !== file.sha256) throw new Error(`GET …/${versionId}/content: not the bytes uploaded`);
}

/** Each version recorded with the file's size and SHA-256, and scanned exactly when the session runs with clamd. */
async function storedAsSent(db: pg.Client, uploads: { versionId: string; file: Source }[], scanned: boolean): Promise<void> {
  const { rows } = await db.query<{ id: string; sizeBytes: number; contentHash: string; scanned: boolean }>(
    `SELECT id, "sizeBytes", "contentHash", scanned FROM document_version WHERE id = ANY($1::uuid[])`,
    [uploads.map((u) => u.versionId)],
  );
  for (const { versionId, file } of uploads) {
    const row = rows.find((candidate) => candidate.id === versionId);
    if (!row || row.sizeBytes !== file.bytes || row.contentHash !== file.sha256 || row.scanned !== scanned)
      throw new Error(`version ${versionId} is not stored as sent: ${JSON.stringify(row)}`);
  }
}

/** clamd's VERSION answer: asked first, so a daemon that is not running is said plainly rather than as 503s. */
function clamdVersion(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = "";
    const fail = (why: string) => {
      socket.destroy();
      reject(new Error(`clamd at ${url} ${why}; start it with .ci/clamd/start`));
    };
    socket.setTimeout(3_000, () => fail("did not answer within 3 s"));
    socket.on("error", (error) => fail(`cannot be reached (${error.message})`));
    socket.on("connect", () => socket.write("zVERSION\0"));
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () =>
      answer.replace(/\0/g, "").trim() ? resolve(answer.replace(/\0/g, "").trim()) : fail("answered nothing to VERSION"),
    );
  });
}
