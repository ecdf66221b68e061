import { ApiError } from "@pap/core";
import { randomUUID } from "node:crypto";
import { PassThrough, pipeline, type Readable } from "node:stream";
import { safeFileName, safeMimeType } from "./file-metadata";
import { ScannerUnavailable } from "./scanner/errors";
import type { ScanVerdict, VirusScanner } from "./scanner/scanner";
import type { StagedContent } from "./signing/staged";
import { ContentTooLarge, type ContentStore, type StoredContent } from "./store/store";

export type UploadDeps = { store: ContentStore; scanner?: VirusScanner; maxBytes: number };
export type IncomingFile = { stream: Readable; fileName: string; mimeType: string };

/**
 * Streams the file into the store under a new random UUID (the future version's id), scanning it on
 * the way when a scanner is configured. On an infected file, a too-large file, an unreachable scanner
 * or a broken stream, nothing remains in the store and an ApiError is thrown: 422
 * file_rejected_by_virus_scan, 413 PAYLOAD_TOO_LARGE, 503 SCANNER_UNAVAILABLE, 400 UPLOAD_INCOMPLETE.
 * Any other failure (the store's own) is rethrown as it is.
 */
export async function stageUpload(deps: UploadDeps, file: IncomingFile): Promise<StagedContent> {
  const { store, scanner, maxBytes } = deps;
  const contentId = randomUUID();
  const fileName = safeFileName(file.fileName);
  const mimeType = safeMimeType(file.mimeType);

  const scan = scanner?.scanning();
  // With a scanner, the store reads the scanner's pass-through; it ends only on a clean verdict, so the
  // store completes (and keeps the bytes) only then.
  const entry = scan?.stream ?? new PassThrough();
  // Whichever stream fails first destroys the others with its own error, the source included; so an
  // error the source reports is its own (a client that went away) only while the stream after it still
  // stands. Prepended, so that it is seen before the pipeline reacts to it.
  let sourceError: unknown;
  file.stream.prependListener("error", (error) => {
    if (!entry.destroyed) sourceError ??= error;
  });
  const input = pipeline(file.stream, entry, () => {});
  const [stored, judged] = await Promise.allSettled([
    store.put(contentId, input, { maxBytes }),
    scan ? scan.verdict : Promise.resolve<ScanVerdict>({ clean: true }),
  ]);

  const refusal = refusalFor(stored, judged, sourceError, maxBytes);
  if (refusal) {
    // A failed put leaves nothing; bytes the store did keep were refused afterwards, and go.
    if (stored.status === "fulfilled") await store.delete(contentId);
    throw refusal;
  }
  if (stored.status === "rejected") throw stored.reason;
  const { sizeBytes, contentHash } = stored.value;
  return { contentId, fileName, mimeType, sizeBytes, contentHash, scan: scan ? "clean" : "not-scanned" };
}

/** Why the client's upload is refused, most telling reason first; undefined when it is not (it stands, or the store failed). */
function refusalFor(
  stored: PromiseSettledResult<StoredContent>,
  judged: PromiseSettledResult<ScanVerdict>,
  sourceError: unknown,
  maxBytes: number,
): ApiError | undefined {
  if (judged.status === "fulfilled" && !judged.value.clean) {
    const { signature } = judged.value;
    return new ApiError(422, "file_rejected_by_virus_scan", `The file was rejected by the virus scan: ${signature}.`, [
      { field: "file", message: `infected: ${signature}` },
    ]);
  }
  const storeError = stored.status === "rejected" ? stored.reason : undefined;
  if (storeError instanceof ContentTooLarge) {
    return new ApiError(413, "PAYLOAD_TOO_LARGE", `The file is larger than the limit of ${maxBytes} bytes.`, [
      { field: "file", message: `at most ${maxBytes} bytes` },
    ]);
  }
  if (storeError instanceof ScannerUnavailable || (judged.status === "rejected" && judged.reason instanceof ScannerUnavailable)) {
    return new ApiError(503, "SCANNER_UNAVAILABLE", "The virus scanner is unavailable; the file was not accepted. Try again later.");
  }
  if (storeError !== undefined && storeError === sourceError) {
    return new ApiError(400, "UPLOAD_INCOMPLETE", "The upload was interrupted before the file was complete.", [
      { field: "file", message: "incomplete" },
    ]);
  }
  // Stored, but without a clean verdict: never kept.
  if (storeError === undefined && judged.status === "rejected") {
    return new ApiError(503, "SCANNER_UNAVAILABLE", "The virus scanner is unavailable; the file was not accepted. Try again later.");
  }
  return undefined;
}
