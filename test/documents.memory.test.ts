// Uploads and downloads stream (issue 18): a 200 MB file goes up through the real ClamAV daemon into
// the content store and comes back down, byte for byte, while the platform's resident memory (the
// launcher as `npm start` runs it, in a process of its own) stays far from holding the file. What it
// does grow by is garbage: every socket read is a fresh buffer outside V8's heap, and V8 collects those
// only once 64 MB of them have piled up since its last collection. Measured here: 35–75 MB at the peak
// of an upload, 33–50 MB of a download, whatever the file's size; the 50 MB is met by
// downloads, not by every upload (see the README).
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { adminHeaders } from "./support/auth";
import { launchPlatform, stopLaunched } from "./support/launcher";
import { createTestDatabase } from "./support/platform";

const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";

let platform: ChildProcess;
let url = "";

beforeAll(async () => {
  const launched = await launchPlatform(await createTestDatabase("documents_memory"), "REST", {
    CLAMD_URL: process.env.CLAMD_URL ?? "tcp://127.0.0.1:3310",
    CONTENT_MAX_BYTES: String(256 * MiB),
    CONTENT_DIRECTORY: `${require("node:os").tmpdir()}/pap-content-memory-${process.pid}`,
  });
  platform = launched.process;
  url = launched.line.match(/https?:\/\/[^/\s]+/)![0];
});

afterAll(async () => {
  await stopLaunched();
}, 60_000);

/** The platform process's resident set, in bytes. */
const residentBytes = () => Number(readFileSync(`/proc/${platform.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;

/** The highest resident set seen while `work` runs (sampled every few milliseconds). */
async function peakResidentDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentBytes();
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes())), 5);
  try {
    return { result: await work(), peak: Math.max(peak, residentBytes()) };
  } finally {
    clearInterval(sampler);
  }
}

/** A multipart body made on the fly: the text parts, then `size` bytes of a pattern, never held whole. */
function multipartBody(size: number, hash: ReturnType<typeof createHash>): { boundary: string; body: AsyncIterable<Uint8Array> } {
  const boundary = `pap-${randomUUID()}`;
  const text = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  async function* body() {
    yield Buffer.from(`${text("documentTypeId", PAY_STUB)}${text("title", "A large scan")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    for (let sent = 0, index = 0; sent < size; index++) {
      const chunk = Buffer.alloc(Math.min(MiB, size - sent), index % 251);
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { boundary, body: body() };
}

it("uploads and downloads 200 MB with the platform's resident memory growing by far less than the file", async () => {
  const headers = await adminHeaders();
  // A small upload and download first, so that what loads on first use is loaded before the baseline.
  const warmForm = new FormData();
  warmForm.append("file", new Blob(["warm"]), "warm.txt");
  warmForm.append("documentTypeId", PAY_STUB);
  warmForm.append("title", "Warm-up");
  const warm = await (await fetch(`${url}/document-management/documents`, { method: "POST", body: warmForm, headers })).json();
  await (await fetch(`${url}/document-management/document-versions/${warm.latestVersionId}/content`, { headers })).text();
  const baseline = residentBytes();

  const sent = createHash("sha256");
  const { boundary, body } = multipartBody(SIZE, sent);
  const upload = await peakResidentDuring(async () => {
    const response = await fetch(`${url}/document-management/documents`, {
      method: "POST",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: body as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    return { status: response.status, body: await response.json() };
  });
  expect(upload.result.status).toBe(201);
  const sentHash = sent.digest("hex");

  const download = await peakResidentDuring(async () => {
    const response = await fetch(`${url}/document-management/document-versions/${upload.result.body.latestVersionId}/content`, { headers });
    const received = createHash("sha256");
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      received.update(chunk);
      bytes += chunk.length;
    }
    return { status: response.status, etag: response.headers.get("etag"), bytes, hash: received.digest("hex") };
  });
  expect(download.result).toEqual({ status: 200, etag: `"${sentHash}"`, bytes: SIZE, hash: sentHash });

  const growth = Math.max(upload.peak, download.peak) - baseline;
  // Less than half the file: the bytes passed through, none of them was kept.
  expect(growth).toBeLessThan(SIZE / 2);
}, 600_000);
