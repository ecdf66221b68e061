import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { pipeline, type Readable } from "node:stream";
import { ContentDigest } from "./digest";
import { attachmentDisposition } from "./disposition";
import { checkRange, storeKey, type ContentStore } from "./store";

export type S3StoreOptions = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Bytes as objects in one bucket, keyed by the content key itself. */
export function s3Store(options: S3StoreOptions): ContentStore {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    ...(options.forcePathStyle === undefined ? {} : { forcePathStyle: options.forcePathStyle }),
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
  });

  return {
    kind: "s3",

    async put(key, content, putOptions = {}) {
      const Key = storeKey(key);
      const digest = new ContentDigest(putOptions.maxBytes);
      // When the bytes themselves fail (too many, or a source that broke), that is the error to report,
      // not whichever one the upload's clean-up ends with.
      let streamError: unknown;
      digest.on("error", (error) => (streamError ??= error));
      // pipeline, not pipe: a failing source must fail the digest (and so the upload) rather than
      // leave it waiting for bytes that will never come.
      pipeline(content as Readable, digest, () => {});
      // At most queueSize parts of 5 MiB are in memory at once, whatever the size of the content.
      const upload = new Upload({ client, params: { Bucket: bucket, Key, Body: digest }, queueSize: 2 });
      try {
        await upload.done();
      } catch (error) {
        digest.destroy();
        // S3 makes an object visible only when a PutObject or CompleteMultipartUpload succeeds, and
        // Upload has already aborted a multipart upload that failed; the delete covers the one gap
        // left, a request that succeeded at S3 while its answer was lost. Best effort: the failure
        // being reported matters more than one of the clean-up.
        await upload.abort();
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).catch(() => {});
        throw streamError ?? error;
      }
      return digest.result();
    },

    async open(key, range) {
      const Key = storeKey(key);
      const Range = range ? `bytes=${checkRange(range).start}-${range.end}` : undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key, ...(Range ? { Range } : {}) }));
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: storeKey(key) }));
    },

    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: storeKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async presignedUrl(key, { expiresInSeconds, fileName }) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: storeKey(key),
        ResponseContentDisposition: attachmentDisposition(fileName),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
  };
}

function isNotFound(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
  return status === 404;
}
