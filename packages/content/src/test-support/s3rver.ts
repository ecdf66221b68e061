import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// s3rver ships no types, and the tests need only its constructor, run and close.
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = require("s3rver") as new (options: object) => S3rverServer;

export type LocalS3 = {
  options: {
    bucket: string;
    endpoint: string;
    region: string;
    forcePathStyle: true;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
};

/** A real S3 API (s3rver) on a free port, its data in a fresh temporary directory. */
export async function startLocalS3(bucket = "content-test"): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), "pap-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const options = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    forcePathStyle: true as const,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  };
  const client = new S3Client(options);
  return {
    options,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
