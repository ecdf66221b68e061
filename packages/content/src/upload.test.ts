import { ApiError } from "@pap/core";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline, Readable, Transform } from "node:stream";
import { clamdScanner } from "./scanner/clamd";
import { filesystemStore } from "./store/filesystem";
import { s3Store } from "./store/s3";
import type { ContentStore } from "./store/store";
import { startLocalS3 } from "./test-support/s3rver";
import { brokenStream, EICAR, patternDigest, patternStream, readAll, sha256, unusedPort } from "./test-support/streams";
import { stageUpload, type IncomingFile } from "./upload";

const scanner = clamdScanner(process.env.CLAMD_URL ?? "tcp://127.0.0.1:3310");
const MiB = 1024 * 1024;

const file = (stream: Readable, fileName = "proof of income.pdf", mimeType = "application/pdf"): IncomingFile => ({
  stream,
  fileName,
  mimeType,
});
const bytes = (text: string) => Readable.from([Buffer.from(text)]);

async function refusal(staging: Promise<unknown>): Promise<ApiError> {
  const error = await staging.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

type Backing = { store: ContentStore; leftovers(): Promise<string[]>; stop(): Promise<void> };

const backings: [string, () => Promise<Backing>][] = [
  [
    "filesystem",
    async () => {
      const directory = await mkdtemp(join(tmpdir(), "pap-upload-"));
      const leftovers = async () =>
        (await readdir(directory, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
      return { store: filesystemStore(directory), leftovers, stop: () => rm(directory, { recursive: true, force: true }) };
    },
  ],
  [
    "S3",
    async () => {
      const s3 = await startLocalS3();
      return { store: s3Store(s3.options), leftovers: () => s3.keys(), stop: () => s3.stop() };
    },
  ],
];

describe.each(backings)("staging an upload (%s store)", (_name, start) => {
  let backing: Backing;
  beforeAll(async () => (backing = await start()));
  afterAll(() => backing.stop());
  afterEach(async () => {
    for (const key of await backing.leftovers()) if (/^[0-9a-f-]{36}$/.test(key)) await backing.store.delete(key);
  });

  it("stores a clean file under a new id, scanned, with its size and hash", async () => {
    const staged = await stageUpload({ store: backing.store, scanner, maxBytes: MiB }, file(bytes("%PDF-1.7 a pay stub")));
    expect(staged).toEqual({
      contentId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      fileName: "proof of income.pdf",
      mimeType: "application/pdf",
      sizeBytes: 19,
      contentHash: sha256("%PDF-1.7 a pay stub"),
      scan: "clean",
    });
    expect((await readAll((await backing.store.open(staged.contentId))!)).toString()).toBe("%PDF-1.7 a pay stub");
  });

  it("stores a multi-megabyte file, scanned on the way", async () => {
    const size = 9 * MiB + 1;
    const staged = await stageUpload({ store: backing.store, scanner, maxBytes: 10 * MiB }, file(patternStream(size)));
    expect(staged).toMatchObject({ ...patternDigest(size), scan: "clean" });
  });

  it("refuses an infected file (422, naming the signature) and keeps nothing", async () => {
    const error = await refusal(stageUpload({ store: backing.store, scanner, maxBytes: MiB }, file(bytes(EICAR), "invoice.pdf")));
    expect(error).toMatchObject({ status: 422, code: "file_rejected_by_virus_scan" });
    expect(error.message).toContain("Test.EICAR.Custom.UNOFFICIAL");
    expect(await backing.leftovers()).toEqual([]);
  });

  it("refuses a file over the limit (413) and keeps nothing, with or without a scanner", async () => {
    for (const deps of [
      { store: backing.store, scanner, maxBytes: MiB },
      { store: backing.store, maxBytes: MiB },
    ]) {
      const source = patternStream(6 * MiB);
      expect(await refusal(stageUpload(deps, file(source)))).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
      expect(source.produced()).toBeLessThan(3 * MiB);
      expect(await backing.leftovers()).toEqual([]);
    }
  });

  it("refuses every file while the scanner is unavailable (503) and keeps nothing", async () => {
    const unavailable = clamdScanner(`tcp://127.0.0.1:${await unusedPort()}`);
    const error = await refusal(
      stageUpload({ store: backing.store, scanner: unavailable, maxBytes: 10 * MiB }, file(patternStream(6 * MiB))),
    );
    expect(error).toMatchObject({ status: 503, code: "SCANNER_UNAVAILABLE" });
    expect(await backing.leftovers()).toEqual([]);
  }, 5_000);

  it("refuses an upload that broke off (400) and keeps nothing, with or without a scanner", async () => {
    for (const deps of [
      { store: backing.store, scanner, maxBytes: 10 * MiB },
      { store: backing.store, maxBytes: 10 * MiB },
    ]) {
      expect(await refusal(stageUpload(deps, file(brokenStream(MiB))))).toMatchObject({ status: 400, code: "UPLOAD_INCOMPLETE" });
      expect(await backing.leftovers()).toEqual([]);
    }
  });

  it("passes a failure of the store's own on as it is, not as the client's fault", async () => {
    const failure = new Error("disk full");
    let seen = 0;
    const failing: ContentStore = {
      ...backing.store,
      put: (key, content, options) => {
        const breaker = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            seen += chunk.length;
            callback(seen > MiB ? failure : null, chunk);
          },
        });
        return backing.store.put(
          key,
          pipeline(content as Readable, breaker, () => {}),
          options,
        );
      },
    };
    for (const deps of [
      { store: failing, scanner, maxBytes: 10 * MiB },
      { store: failing, maxBytes: 10 * MiB },
    ]) {
      seen = 0;
      await expect(stageUpload(deps, file(patternStream(4 * MiB)))).rejects.toBe(failure);
      expect(await backing.leftovers()).toEqual([]);
    }
  });

  it("stores without scanning when no scanner is configured, and says so", async () => {
    const staged = await stageUpload({ store: backing.store, maxBytes: MiB }, file(bytes("unscanned"), "", ""));
    expect(staged).toMatchObject({ fileName: "upload", mimeType: "application/octet-stream", sizeBytes: 9, scan: "not-scanned" });
  });
});

describe("staging an upload's name", () => {
  it("keeps the client's name only as data", async () => {
    const directory = await mkdtemp(join(tmpdir(), "pap-upload-"));
    try {
      const staged = await stageUpload(
        { store: filesystemStore(directory), maxBytes: MiB },
        file(bytes("x"), "../../etc/passwd\u0000.pdf", " Text/Plain "),
      );
      expect(staged).toMatchObject({ fileName: "passwd.pdf", mimeType: "text/plain" });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
