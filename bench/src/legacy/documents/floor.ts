import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SourceFile } from "./files";
import { timed, type Sample } from "./sample";

/*
 * The floor: what storing or serving a document costs at the least on this disk, measured by this
 * process with the same Node.js streams the filesystem store uses. A copy writes as the store does
 * (`wx`, `flush`: fsync before close); with the hash it also computes the SHA-256 the store records.
 * The store does a little more (a rename, a directory fsync, a database row), which the floor leaves
 * out on purpose: the platform's figure over the floor's is what all of that, HTTP and multipart cost.
 */

/** Passes bytes through while hashing them, as the store's digest stage does. */
function hashing(): { stream: Transform; digest(): string } {
  const hash = createHash("sha256");
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest("hex") };
}

async function copyOnce(source: SourceFile, destination: string, withHash: boolean): Promise<void> {
  const digest = withHash ? hashing() : null;
  await pipeline(createReadStream(source.path), digest?.stream ?? new PassThrough(), createWriteStream(destination, { flags: "wx", flush: true }));
  if (digest && digest.digest() !== source.sha256) throw new Error(`the copy of ${source.path} hashed differently from the file written`);
}

/** A streaming copy to a new file on the same filesystem, synced before it counts as done. */
export async function copy(source: SourceFile, copies: string, withHash: boolean): Promise<Sample> {
  const destination = path.join(copies, `${path.basename(source.path)}.copy`);
  try {
    return (await timed(source.bytes, () => copyOnce(source, destination, withHash))).sample;
  } finally {
    // Outside the timing: the platform's uploads are not deleted either.
    await rm(destination, { force: true });
  }
}

/** Several copies with hash at once, for the concurrent uploads: their bytes over the time until the last is synced. */
export async function copiesAtOnce(sources: readonly SourceFile[], copies: string): Promise<Sample> {
  const destinations = sources.map((source) => path.join(copies, `${path.basename(source.path)}.copy`));
  const total = sources.reduce((sum, source) => sum + source.bytes, 0);
  try {
    return (await timed(total, () => Promise.all(sources.map((source, index) => copyOnce(source, destinations[index]!, true))))).sample;
  } finally {
    await Promise.all(destinations.map((destination) => rm(destination, { force: true })));
  }
}

/** Reading the file and hashing it, nothing written: the least a download that is checked costs. */
export async function readAndHash(source: SourceFile): Promise<Sample> {
  const { sample, result } = await timed(source.bytes, async () => {
    const digest = hashing();
    await pipeline(createReadStream(source.path), digest.stream, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
    return digest.digest();
  });
  if (result !== source.sha256) throw new Error(`${source.path} hashed differently on reading it back`);
  return sample;
}
