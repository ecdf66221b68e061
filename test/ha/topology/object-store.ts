import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
// s3rver ships no types; only its constructor, run and close are used.
const S3rver = require("s3rver") as new (options: object) => S3rverServer;

/** The documents' shared store: a real S3 API (s3rver) on the bridge, which every host reaches. */
export async function startLocalS3Server(address: string, bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), "pap-ha-s3-"));
  const server = new S3rver({ address, port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://${address}:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
