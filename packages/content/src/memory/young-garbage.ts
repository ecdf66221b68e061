import { Transform, type TransformCallback } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/*
 * Why a document's bytes ask V8 for a collection now and then (issue 18: a 200 MB upload or download
 * may grow the process by less than 50 MB).
 *
 * Every socket read of an upload and every file read of a download is a fresh buffer outside V8's heap
 * (Node's HTTP parser copies each piece of a body into a new one; a file stream allocates one per
 * read). Each is garbage a moment later, but only a collection frees it, and V8 runs a young-generation
 * collection (a scavenge) for such buffers only once 32 MiB of them have piled up (twice its default
 * semi-space, whatever --max-semi-space-size says), and a full one once 64 MiB more external memory
 * is held. Left alone, a streaming transfer therefore peaks 35–75 MB above its start. Asking for a
 * scavenge after every few MiB that stream through, process-wide, caps that garbage at a few MiB. A
 * scavenge visits only the live young objects: a few milliseconds, paid only while bytes stream.
 *
 * Node offers no call for a collection without --expose-gc on its command line; the flag is set just
 * long enough to take V8's `gc` function into a context of its own (nothing global changes), once,
 * on first use.
 */

/** Bytes streamed between two requested scavenges. */
export const YOUNG_GARBAGE_BUDGET_BYTES = 8 * 1024 * 1024;

type CollectGarbage = (options: { type: "minor" | "major" }) => void;

let collect: CollectGarbage | null | undefined;
let streamedSinceCollection = 0;

function collector(): CollectGarbage | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as CollectGarbage;
  } catch {
    // Without it, V8's own thresholds still apply: more garbage, never a failure.
    collect = null;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
  return collect;
}

/** Counts bytes of a document that went by; past the budget, the young garbage they left is collected. */
export function noteBytesStreamed(bytes: number): void {
  streamedSinceCollection += bytes;
  if (streamedSinceCollection < YOUNG_GARBAGE_BUDGET_BYTES) return;
  streamedSinceCollection = 0;
  collector()?.({ type: "minor" });
}

/** A pass-through that counts what it passes (see noteBytesStreamed): for streams no other step counts, such as downloads. */
export function youngGarbageCollecting(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      noteBytesStreamed(chunk.length);
      callback(null, chunk);
    },
  });
}
