import { createHash } from "node:crypto";
import { createServer } from "node:net";
import { Readable, Writable } from "node:stream";

/** The EICAR test file: harmless, and reported by every scanner as a virus. */
export const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";

const chunkBytes = 64 * 1024;

/** Byte `index` of a pattern any test can regenerate: large contents are never held whole. */
const patternByte = (index: number) => (index * 31 + 7) % 251;

function* patternChunks(sizeBytes: number): Generator<Buffer> {
  for (let offset = 0; offset < sizeBytes; offset += chunkBytes) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, sizeBytes - offset));
    for (let index = 0; index < chunk.length; index++) chunk[index] = patternByte(offset + index);
    yield chunk;
  }
}

/** `sizeBytes` of the pattern, produced only as the reader asks for it; `produced` counts what was. */
export function patternStream(sizeBytes: number): Readable & { produced: () => number } {
  const chunks = patternChunks(sizeBytes);
  let produced = 0;
  const stream = new Readable({
    read() {
      const next = chunks.next();
      if (next.done) return void this.push(null);
      produced += next.value.length;
      this.push(next.value);
    },
  });
  return Object.assign(stream, { produced: () => produced });
}

export function patternDigest(sizeBytes: number): { sizeBytes: number; contentHash: string } {
  const hash = createHash("sha256");
  for (const chunk of patternChunks(sizeBytes)) hash.update(chunk);
  return { sizeBytes, contentHash: hash.digest("hex") };
}

export function patternSlice(start: number, end: number): Buffer {
  return Buffer.from(Array.from({ length: end - start + 1 }, (_unused, index) => patternByte(start + index)));
}

export const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** `sizeBytes` of the pattern, then an error instead of the end (a client that went away). */
export function brokenStream(sizeBytes: number, error = new Error("client went away")): Readable {
  const chunks = patternChunks(sizeBytes);
  return new Readable({
    read() {
      const next = chunks.next();
      if (next.done) this.destroy(error);
      else this.push(next.value);
    },
  });
}

/** A port nothing listens on (it was free a moment ago, and nothing here takes ports at random). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A destination that hashes and counts what reaches it, its digest comparable with `patternDigest`.
 * `later` takes each chunk on a later turn (as a disk would), so backpressure plays out.
 */
export function digestingSink(options: { later?: boolean } = {}) {
  const hash = createHash("sha256");
  let received = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      received += chunk.length;
      if (options.later) setImmediate(callback);
      else callback();
    },
  });
  return { sink, received: () => received, digest: () => ({ sizeBytes: received, contentHash: hash.digest("hex") }) };
}
