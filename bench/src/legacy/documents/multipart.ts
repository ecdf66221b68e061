import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import type { SourceFile } from "./files";

/** A multipart/form-data body, produced as it is sent. */
export type MultipartBody = { contentType: string; body: ReadableStream<Uint8Array> };

/**
 * The text parts first, then the file read from disk as the request goes out: a client uploading a
 * large document never holds it whole, and neither may the benchmark, or it would measure its own
 * memory. The platform reads the parts in order, so the file comes last, as a browser's form sends it.
 */
export function multipartBody(fields: Record<string, string>, file: SourceFile, mimeType = "application/octet-stream"): MultipartBody {
  const boundary = `----pap-bench-${randomUUID()}`;
  const text = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const head = Buffer.from(`${text}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file.path)}"\r\nContent-Type: ${mimeType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body(): AsyncGenerator<Uint8Array> {
    yield head;
    // 1 MiB reads: fewer, larger writes to the socket keep the client's share of the two cores small.
    for await (const chunk of createReadStream(file.path, { highWaterMark: 1024 * 1024 })) yield chunk as Buffer;
    yield tail;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: pulled(body()) };
}

/** A web stream that reads the next chunk only when fetch asks for it: the socket's pace sets the file's. */
function pulled(chunks: AsyncIterator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      // Closes the file when the request fails half-way.
      await chunks.return?.();
    },
  });
}
