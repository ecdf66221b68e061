import contentDisposition from "content-disposition";

/**
 * The Content-Disposition that makes a browser save the bytes under the client's original file name
 * (a plain `filename`, and `filename*` in UTF-8 when the name needs it), wherever bytes are handed out:
 * streamed by the platform or by the object store's presigned link.
 */
export function attachmentDisposition(fileName: string): string {
  // A client-supplied name may hold a lone surrogate, which cannot be encoded.
  const wellFormed = fileName.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  // Header values travel as bytes that clients and object stores read differently beyond ASCII: the
  // plain name is kept to ASCII, and any other name rides in `filename*`.
  const ascii =
    wellFormed
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .trim() || "download";
  return contentDisposition(wellFormed || "download", { type: "attachment", fallback: ascii });
}
