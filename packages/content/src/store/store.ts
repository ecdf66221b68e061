import type { Readable } from "node:stream";

/** Inclusive at both ends, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/** `contentHash` is the lowercase hex SHA-256 of the bytes. */
export type StoredContent = { sizeBytes: number; contentHash: string };

export class ContentTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The content is larger than the limit of ${maxBytes} bytes.`);
    this.name = "ContentTooLarge";
  }
}

export type ContentStore = {
  readonly kind: "filesystem" | "s3";
  /**
   * Streams `content` to `key` (never holding it whole in memory), hashing and counting as it goes.
   * Nothing is visible under `key` until the bytes are complete and durable; on any error (including
   * ContentTooLarge when more than maxBytes arrive, or the source stream erroring) nothing remains,
   * neither under key nor as a temporary.
   */
  put(key: string, content: NodeJS.ReadableStream | Readable, options?: { maxBytes?: number }): Promise<StoredContent>;
  /** The bytes (or the inclusive range of them), streamed; undefined when nothing is stored under key. */
  open(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Destroys the bytes (gone, not hidden); no error when absent. */
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /**
   * The store's own time-limited URL for the bytes, when it has such (S3 presigned GET with
   * Content-Disposition attachment filename); undefined for the filesystem.
   */
  presignedUrl?(key: string, options: { expiresInSeconds: number; fileName: string }): Promise<string>;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keys become file names and object keys, so only a UUID is accepted: nothing else can name a path
 * outside the store. Case is folded so that one UUID always means one place.
 */
export function storeKey(key: string): string {
  if (typeof key !== "string" || !uuid.test(key)) throw new Error(`A content key must be a UUID, not ${JSON.stringify(key)}.`);
  return key.toLowerCase();
}

/** Refuses ranges no store could answer, before any of them is asked. */
export function checkRange(range: ByteRange): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}.`);
  }
  return range;
}
