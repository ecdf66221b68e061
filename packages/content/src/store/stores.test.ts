import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Readable } from "node:stream";
import { startLocalS3, type LocalS3 } from "../test-support/s3rver";
import { brokenStream, patternDigest, patternSlice, patternStream, readAll, sha256 } from "../test-support/streams";
import { filesystemStore } from "./filesystem";
import { s3Store } from "./s3";
import { ContentTooLarge, type ContentStore } from "./store";

const MiB = 1024 * 1024;

/** What a store keeps, as the test can see it beyond the store's own answers (files, objects). */
type Backing = { store: ContentStore; leftovers(): Promise<string[]> };

async function filesIn(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}

const backings: [string, () => Promise<Backing & { stop(): Promise<void> }>][] = [
  [
    "the filesystem store",
    async () => {
      const directory = await mkdtemp(join(tmpdir(), "pap-content-"));
      return {
        store: filesystemStore(directory),
        leftovers: () => filesIn(directory),
        stop: () => rm(directory, { recursive: true, force: true }),
      };
    },
  ],
  [
    "the S3 store",
    async () => {
      const s3: LocalS3 = await startLocalS3();
      return { store: s3Store(s3.options), leftovers: () => s3.keys(), stop: () => s3.stop() };
    },
  ],
];

describe.each(backings)("%s", (_name, start) => {
  let backing: Backing & { stop(): Promise<void> };
  beforeAll(async () => (backing = await start()));
  afterAll(() => backing.stop());

  it("keeps bytes under a key, answers for them whole or by range, and destroys them", async () => {
    const { store } = backing;
    const key = randomUUID();
    const bytes = Buffer.from("The quick brown fox jumps over the lazy dog");
    expect(await store.has(key)).toBe(false);
    expect(await store.open(key)).toBeUndefined();

    expect(await store.put(key, Readable.from([bytes]))).toEqual({ sizeBytes: bytes.length, contentHash: sha256(bytes) });
    expect(await store.has(key)).toBe(true);
    expect(await readAll((await store.open(key))!)).toEqual(bytes);
    expect((await readAll((await store.open(key, { start: 4, end: 8 }))!)).toString()).toBe("quick");

    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    expect(await store.open(key)).toBeUndefined();
    await store.delete(key);
    expect(await backing.leftovers()).toEqual([]);
  });

  it("stores an empty file", async () => {
    const key = randomUUID();
    expect(await backing.store.put(key, Readable.from([]))).toEqual({ sizeBytes: 0, contentHash: sha256("") });
    expect(await readAll((await backing.store.open(key))!)).toEqual(Buffer.alloc(0));
    await backing.store.delete(key);
  });

  it("hashes and counts a multi-megabyte stream as it streams it, and serves ranges of it", async () => {
    const key = randomUUID();
    const size = 12 * MiB + 12345;
    expect(await backing.store.put(key, patternStream(size))).toEqual(patternDigest(size));
    const start = 5 * MiB - 10;
    expect(await readAll((await backing.store.open(key, { start, end: start + 99 }))!)).toEqual(patternSlice(start, start + 99));
    const whole = await backing.store.open(key);
    let read = 0;
    for await (const chunk of whole!) read += (chunk as Buffer).length;
    expect(read).toBe(size);
    await backing.store.delete(key);
  });

  it.each([
    ["a few bytes", 1000],
    ["several parts' worth", 11 * MiB],
  ])("keeps nothing of a write more than maxBytes long (%s over)", async (_label, maxBytes) => {
    const key = randomUUID();
    const source = patternStream(maxBytes + 1);
    await expect(backing.store.put(key, source, { maxBytes })).rejects.toEqual(new ContentTooLarge(maxBytes));
    expect(await backing.store.has(key)).toBe(false);
    expect(await backing.leftovers()).toEqual([]);
    // Reading stopped at the limit rather than draining the rest of a hostile upload.
    expect(source.destroyed).toBe(true);
  });

  it("accepts exactly maxBytes", async () => {
    const key = randomUUID();
    expect(await backing.store.put(key, patternStream(1000), { maxBytes: 1000 })).toEqual(patternDigest(1000));
    await backing.store.delete(key);
  });

  it.each([
    ["early", 100],
    ["after several parts", 11 * MiB],
  ])("keeps nothing when the source fails (%s)", async (_label, sizeBefore) => {
    const key = randomUUID();
    const failure = new Error("client went away");
    await expect(backing.store.put(key, brokenStream(sizeBefore, failure))).rejects.toBe(failure);
    expect(await backing.store.has(key)).toBe(false);
    expect(await backing.leftovers()).toEqual([]);
  });

  it("accepts only UUIDs as keys", async () => {
    for (const key of ["../../etc/passwd", "", "not-a-uuid", `${randomUUID()}/x`, `../${randomUUID()}`]) {
      await expect(backing.store.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(/UUID/);
      await expect(backing.store.open(key)).rejects.toThrow(/UUID/);
      await expect(backing.store.has(key)).rejects.toThrow(/UUID/);
      await expect(backing.store.delete(key)).rejects.toThrow(/UUID/);
    }
    expect(await backing.leftovers()).toEqual([]);
  });
});

describe("the filesystem store's layout", () => {
  it("shards by the key's first two characters, and leaves no temporary behind", async () => {
    const directory = await mkdtemp(join(tmpdir(), "pap-content-"));
    try {
      const key = randomUUID();
      await filesystemStore(directory).put(key, Readable.from([Buffer.from("bytes")]));
      expect(await filesIn(directory)).toEqual([join(key.slice(0, 2), key)]);
      expect(filesystemStore(directory).presignedUrl).toBeUndefined();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe("the S3 store's presigned URL", () => {
  let s3: LocalS3;
  beforeAll(async () => (s3 = await startLocalS3()));
  afterAll(() => s3.stop());

  it("downloads the bytes as an attachment under the given name, for the given time", async () => {
    const store = s3Store(s3.options);
    const key = randomUUID();
    await store.put(key, Readable.from([Buffer.from("%PDF-1.7 ...")]));
    const url = await store.presignedUrl!(key, { expiresInSeconds: 300, fileName: 'Déclaration "2026".pdf' });
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("300");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("%PDF-1.7 ...");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Declaration \\"2026\\".pdf"; filename*=UTF-8''D%C3%A9claration%20%222026%22.pdf`,
    );
  });
});
