import { createHash, type Hash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { noteBytesStreamed } from "../memory/young-garbage";
import { ContentTooLarge, type StoredContent } from "./store";

/**
 * Sits in front of every store's destination, so the size limit, the byte count and the hash are
 * the same whichever store holds the bytes, and all three come from the bytes actually written. It
 * also counts them towards the collection of the garbage their reading left (memory/young-garbage.ts).
 */
export class ContentDigest extends Transform {
  private readonly hash: Hash = createHash("sha256");
  private sizeBytes = 0;
  private contentHash: string | undefined;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    // Refused before it is passed on: the destination never receives a byte past the limit.
    if (this.sizeBytes + chunk.length > this.maxBytes) {
      callback(new ContentTooLarge(this.maxBytes));
      return;
    }
    this.sizeBytes += chunk.length;
    this.hash.update(chunk);
    noteBytesStreamed(chunk.length);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.contentHash = this.hash.digest("hex");
    callback();
  }

  /** Only meaningful once every byte has passed (after the stream has ended). */
  result(): StoredContent {
    if (this.contentHash === undefined) throw new Error("The content has not been read to its end.");
    return { sizeBytes: this.sizeBytes, contentHash: this.contentHash };
  }
}
