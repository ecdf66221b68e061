import { attachmentDisposition, checkLink, youngGarbageCollecting, type ContentSettings } from "@pap/content";
import { ApiError } from "@pap/core";
import type { ContentAnswer } from "@pap/kernel/rest";
import type { FastifyReply, FastifyRequest } from "fastify";
import { pipeline, type Readable } from "node:stream";
import parseRange from "range-parser";

/**
 * What goes out: the stored bytes, counted on their way so that the buffers each file read allocates
 * are collected every few MiB rather than once 32 MiB of them have piled up (see @pap/content's
 * memory/young-garbage.ts). Either end failing or closing early tears down the other.
 */
function outgoing(stored: Readable): Readable {
  return pipeline(stored, youngGarbageCollecting(), () => {});
}

/** A version's bytes are immutable: its hash is a strong validator. */
const etagOf = (answer: ContentAnswer) => `"${answer.contentHash}"`;

/**
 * Streams a version's bytes from the content store: `ETag` from its SHA-256, `If-None-Match` answered
 * with 304, one `Range` with 206 (several, or none satisfiable, with 416), the original file name in
 * `Content-Disposition`.
 */
export async function sendContent(
  request: FastifyRequest,
  reply: FastifyReply,
  content: ContentSettings,
  answer: ContentAnswer,
): Promise<FastifyReply> {
  const etag = etagOf(answer);
  reply.header("etag", etag).header("accept-ranges", "bytes").header("cache-control", "private, no-cache");
  reply.header("content-disposition", attachmentDisposition(answer.fileName));
  if (request.headers["if-none-match"] === etag) return reply.code(304).send();
  let range: { start: number; end: number } | undefined;
  const asked = request.headers.range;
  const ifRange = request.headers["if-range"];
  if (asked && (!ifRange || ifRange === etag)) {
    const ranges = parseRange(answer.sizeBytes, asked, { combine: true });
    if (ranges === -1 || (Array.isArray(ranges) && ranges.length !== 1)) {
      reply.header("content-range", `bytes */${answer.sizeBytes}`);
      throw new ApiError(
        416,
        "RANGE_NOT_SATISFIABLE",
        `The range '${asked}' is not one satisfiable range of the ${answer.sizeBytes} bytes.`,
      );
    }
    if (Array.isArray(ranges) && ranges.type === "bytes") range = { start: ranges[0]!.start, end: ranges[0]!.end };
  }
  const stream = await content.store.open(answer.key, range);
  if (!stream) throw new ApiError(410, "GONE", "The content of this version is no longer kept.");
  reply.type("application/octet-stream");
  if (range) {
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${answer.sizeBytes}`)
      .header("content-length", range.end - range.start + 1);
  } else {
    reply.code(200).header("content-length", answer.sizeBytes);
  }
  return reply.send(outgoing(stream));
}

/** Where a signed content link points: `/document-management/content/{versionId}/{fileName}?expires=…&signature=…`. */
export const signedContentPrefix = "/document-management/content";

/**
 * Serves signed content links (the redirect delivery overlay, SPEC §9): the link itself is the
 * authorization, checked against the deployment's secret; the access was recorded when it was issued.
 */
export function signedLinkHandler(settings: () => ContentSettings) {
  return async (request: FastifyRequest<{ Params: { versionId: string; fileName: string } }>, reply: FastifyReply) => {
    const content = settings();
    const path = request.url.split("?")[0]!;
    const check = checkLink(content.signingSecret, path, request.query as Record<string, unknown>, new Date());
    if (check !== "valid")
      throw new ApiError(403, "FORBIDDEN", check === "expired" ? "This content link has expired." : "This content link is not valid.");
    const { versionId, fileName } = request.params;
    const stream = await content.store.open(versionId);
    if (!stream) throw new ApiError(410, "GONE", "The content of this version is no longer kept.");
    return reply.type("application/octet-stream").header("content-disposition", attachmentDisposition(fileName)).send(outgoing(stream));
  };
}
