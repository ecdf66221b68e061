import { createHash } from "node:crypto";
import type { SourceFile } from "./files";
import { multipartBody } from "./multipart";
import { timed, type Sample } from "./sample";

/** Where the platform answers and the credential it wants (a state administrator holds every permission). */
export type Client = { base: string; authorization: string };

/** A document type the platform seeds from its configuration: pay stubs, no date required. */
const payStub = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";

export type Uploaded = { versionId: string; file: SourceFile };

/** One document filed; the time runs from the request's first byte to the parsed 201 answer. */
export async function upload(client: Client, file: SourceFile): Promise<{ sample: Sample; uploaded: Uploaded }> {
  const { sample, result } = await timed(file.bytes, () => send(client, file));
  return { sample, uploaded: { versionId: result, file } };
}

/** Several documents filed at once: their bytes over the time from the first request to the last answer. */
export async function uploadsAtOnce(client: Client, files: readonly SourceFile[]): Promise<{ sample: Sample; uploaded: Uploaded[] }> {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const { sample, result } = await timed(total, () => Promise.all(files.map((file) => send(client, file))));
  return { sample, uploaded: result.map((versionId, index) => ({ versionId, file: files[index]! })) };
}

async function send(client: Client, file: SourceFile): Promise<string> {
  const { contentType, body } = multipartBody({ documentTypeId: payStub, title: "Benchmark upload" }, file);
  // A streamed request body must say so (Node's fetch refuses it otherwise); the DOM typings in
  // this build do not know the option yet.
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: { authorization: client.authorization, "content-type": contentType },
    body,
    duplex: "half",
  };
  const response = await fetch(`${client.base}/document-management/documents`, init);
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /document-management/documents answered ${response.status}: ${text.slice(0, 300)}`);
  const versionId = (JSON.parse(text) as { latestVersionId?: unknown }).latestVersionId;
  if (typeof versionId !== "string") throw new Error(`POST /document-management/documents answered 201 without a latestVersionId: ${text.slice(0, 300)}`);
  return versionId;
}

/**
 * One version's bytes, consumed as they arrive and hashed (what a client that checks what it got
 * does); the time runs to the last byte. The bytes must be the file's, or the figure is not valid.
 */
export async function download(client: Client, uploaded: Uploaded): Promise<Sample> {
  const path = `/document-management/document-versions/${uploaded.versionId}/content`;
  const { sample, result } = await timed(uploaded.file.bytes, async () => {
    const response = await fetch(`${client.base}${path}`, { headers: { authorization: client.authorization }, redirect: "manual" });
    if (response.status !== 200 || !response.body) throw new Error(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const hash = createHash("sha256");
    let bytes = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      hash.update(read.value);
      bytes += read.value.length;
    }
    return { bytes, sha256: hash.digest("hex") };
  });
  if (result.bytes !== uploaded.file.bytes || result.sha256 !== uploaded.file.sha256) {
    throw new Error(`GET ${path}: ${result.bytes} bytes hashing to ${result.sha256}, not the ${uploaded.file.bytes} uploaded (${uploaded.file.sha256})`);
  }
  return sample;
}
