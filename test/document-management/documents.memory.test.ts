// Uploads and downloads stream (issue 18): a 200 MB file goes up into the content store (once without
// a scanner, once through the real ClamAV daemon) and comes back down, byte for byte, while the
// platform's resident memory (the launcher as `npm start` runs it, in a process of its own) grows by
// less than 50 MB on each path. What it grows by is garbage: every socket or file read is a fresh
// buffer outside V8's heap, freed only by a collection. The platform asks for a young-generation
// collection every 8 MiB streamed (packages/content/src/memory/young-garbage.ts); without that, V8
// waits for 32 MiB of such buffers, and the peaks were 35–75 MB (see the README's documents benchmark).
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { ChildProcess } from "node:child_process";
import { adminHeaders } from "../support/auth";
import { launchPlatform, stopLaunched, stopped } from "../support/launcher";
import { runAlone } from "../support/exclusive";
import { createTestDatabase } from "../support/platform";

runAlone();

const MB = 1000 * 1000;
const MiB = 1024 * 1024;
const SIZE = 200 * MiB;
/** Issue 18's bound on the growth of the platform's resident memory while a 200 MB file passes. */
const BOUND = 50 * MB;
const PAY_STUB = "a7b8c9d0-e1f2-4a3b-4c5d-e6f7a8b9c0d1";

/** The resident set of process `pid`, in bytes. */
const residentBytes = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;

/** The highest resident set of `pid` seen while `work` runs (sampled every few milliseconds). */
async function peakResidentDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 5);
  try {
    return { result: await work(), peak: Math.max(peak, residentBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

/** A multipart body made on the fly: the text parts, then `size` bytes of a pattern, never held whole. */
function multipartBody(size: number, hash: ReturnType<typeof createHash>): { boundary: string; body: AsyncIterable<Uint8Array> } {
  const boundary = `pap-${randomUUID()}`;
  const text = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  // A file of its own per run: clamd remembers the verdicts of what it has seen.
  const salt = Buffer.from(randomUUID());
  async function* body() {
    yield Buffer.from(
      `${text("documentTypeId", PAY_STUB)}${text("title", "A large scan")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    for (let sent = 0, index = 0; sent < size; index++) {
      const chunk = Buffer.alloc(Math.min(MiB, size - sent), index % 251);
      if (index === 0) salt.copy(chunk);
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { boundary, body: body() };
}

type Growth = { upload: number; download: number };

/**
 * Launches the platform (with `env`), sends a small file up and down so that what loads on first use
 * is loaded, then 200 MB up and back down: how far above its resident set before the upload the
 * process went during each.
 */
async function transferOnce(label: string, env: Record<string, string>): Promise<Growth> {
  const { process: platform, line } = await launchPlatform(await createTestDatabase(label), "REST", {
    CONTENT_MAX_BYTES: String(256 * MiB),
    CONTENT_DIRECTORY: `${tmpdir()}/pap-content-${label}-${process.pid}`,
    ...env,
  });
  try {
    return await measure(platform, line.match(/https?:\/\/[^/\s]+/)![0]);
  } finally {
    await stopped(platform);
  }
}

async function measure(platform: ChildProcess, url: string): Promise<Growth> {
  const pid = platform.pid!;
  const headers = await adminHeaders();
  const warmForm = new FormData();
  warmForm.append("file", new Blob(["warm"]), "warm.txt");
  warmForm.append("documentTypeId", PAY_STUB);
  warmForm.append("title", "Warm-up");
  const warm = (await (await fetch(`${url}/document-management/documents`, { method: "POST", body: warmForm, headers })).json()) as {
    latestVersionId: string;
  };
  await (await fetch(`${url}/document-management/document-versions/${warm.latestVersionId}/content`, { headers })).text();
  const baseline = residentBytes(pid);

  const sent = createHash("sha256");
  const { boundary, body } = multipartBody(SIZE, sent);
  const upload = await peakResidentDuring(pid, async () => {
    const response = await fetch(`${url}/document-management/documents`, {
      method: "POST",
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: body as unknown as RequestInit["body"],
      duplex: "half",
    } as RequestInit);
    return { status: response.status, body: (await response.json()) as { latestVersionId: string } };
  });
  expect(upload.result.status).toBe(201);
  const sentHash = sent.digest("hex");

  const download = await peakResidentDuring(pid, async () => {
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
  return { upload: upload.peak - baseline, download: download.peak - baseline };
}

const inMB = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

// Each test stops its platform; this is for one that failed before it could.
afterAll(() => stopLaunched(), 60_000);

it("grows by less than 50 MB while 200 MB goes up unscanned and comes back down", async () => {
  const growth = await transferOnce("documents_memory_plain", { VIRUS_SCAN: "off", CLAMD_URL: "" });
  process.stdout.write(`resident growth, not scanned: upload ${inMB(growth.upload)}, download ${inMB(growth.download)}\n`);
  expect(growth.upload).toBeLessThan(BOUND);
  expect(growth.download).toBeLessThan(BOUND);
}, 600_000);

it("grows by less than 50 MB while 200 MB goes up through clamd and comes back down", async () => {
  const growth = await transferOnce("documents_memory_scanned", { CLAMD_URL: process.env.CLAMD_URL ?? "tcp://127.0.0.1:3310" });
  process.stdout.write(`resident growth, scanned by clamd: upload ${inMB(growth.upload)}, download ${inMB(growth.download)}\n`);
  expect(growth.upload).toBeLessThan(BOUND);
  expect(growth.download).toBeLessThan(BOUND);
}, 600_000);
