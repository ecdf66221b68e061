import { signStagedContent, stageUpload, type ContentSettings, type StagedContent } from "@pap/content";
import { ApiError, validationFailed } from "@pap/core";
import type { FastifyRequest } from "fastify";

/** What an upload request carried: its text parts, and the file, already stored and scanned. */
export type ReceivedUpload = { fields: Record<string, string>; staged: StagedContent; token: string };

const malformed = (why: string) => new ApiError(400, "BAD_REQUEST", `The multipart body is malformed: ${why}.`);

/**
 * Reads a multipart request part by part: the `file` part goes straight from the socket through the
 * scanner into the content store (never held whole), text parts are kept. Whatever goes wrong (an
 * infected or oversized file, a broken body, a second file) leaves no bytes behind.
 */
export async function receiveUpload(request: FastifyRequest, content: ContentSettings): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "An upload is sent as multipart/form-data with a 'file' part.");
  }
  const fields: Record<string, string> = {};
  let staged: StagedContent | undefined;
  const problems: { field: string; message: string }[] = [];
  try {
    // The file's limit is checked while streaming (stageUpload); the parser's is a backstop just beyond it.
    for await (const part of request.parts({ limits: { fileSize: content.maxBytes + 1 } })) {
      if (part.type === "file") {
        if (part.fieldname !== "file" || staged) {
          part.file.resume();
          problems.push({
            field: part.fieldname,
            message: part.fieldname === "file" ? "must be sent once" : "is not a file part of this upload (send the file as 'file')",
          });
          continue;
        }
        staged = await stageUpload(
          { store: content.store, scanner: content.scanner, maxBytes: content.maxBytes },
          { stream: part.file, fileName: part.filename, mimeType: part.mimetype },
        );
        request.log.info(
          { contentId: staged.contentId, sizeBytes: staged.sizeBytes, scan: staged.scan },
          staged.scan === "clean" ? "upload stored, scanned clean" : "upload stored WITHOUT a virus scan (no scanner configured)",
        );
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (staged) await content.store.delete(staged.contentId);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", `The file is larger than the ${content.maxBytes} bytes accepted.`);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_FILES_LIMIT")
      throw new ApiError(413, "PAYLOAD_TOO_LARGE", "The upload has too many parts.");
    throw malformed(error instanceof Error ? error.message : String(error));
  }
  if (!staged) problems.push({ field: "file", message: "is required" });
  if (problems.length) {
    if (staged) await content.store.delete(staged.contentId);
    throw validationFailed(problems);
  }
  return { fields, staged: staged!, token: await signStagedContent(content.signingSecret, staged!) };
}
