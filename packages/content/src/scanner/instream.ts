/**
 * clamd's INSTREAM protocol, as bytes: the command, length-prefixed chunks, a zero-length chunk to
 * finish, and a NUL-terminated reply (the `z` prefix asks for NUL rather than newline termination).
 */

export const instreamCommand = Buffer.from("zINSTREAM\0");
export const pingCommand = Buffer.from("zPING\0");
export const endOfStream = Buffer.alloc(4);

/**
 * clamd reads each chunk whole before scanning on; capping chunk size keeps one huge write from
 * becoming one huge allocation on the daemon's side (and under its StreamMaxLength per chunk).
 */
const maxChunkBytes = 1024 * 1024;

/** The frames carrying `bytes`: a 4-byte big-endian length before each piece. */
export function* frames(bytes: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < bytes.length; offset += maxChunkBytes) {
    const piece = bytes.subarray(offset, offset + maxChunkBytes);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(piece.length);
    yield length;
    yield piece;
  }
}

export type InstreamReply = { kind: "clean" } | { kind: "infected"; signature: string } | { kind: "unexpected"; text: string };

/**
 * Only the two exact verdict shapes count; everything else ("INSTREAM size limit exceeded. ERROR",
 * "COMMAND READ TIMED OUT", a truncated line, ...) is not a verdict, however harmless it looks.
 */
export function parseReply(reply: string): InstreamReply {
  const text = reply.replace(/[\0\r\n]+$/, "");
  if (text === "stream: OK") return { kind: "clean" };
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found?.[1]) return { kind: "infected", signature: found[1] };
  return { kind: "unexpected", text };
}
