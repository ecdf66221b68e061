/*
 * The framing of the PostgreSQL wire protocol, as much of it as the share needs: where each message
 * a client sends ends, and which of the server's replies end a turn or carry a notification.
 *
 * A client's first messages have no type byte (an int32 length that counts itself, then an int32
 * code); once its StartupMessage is through, every message is a type byte and then such a length.
 * The server's messages always have the type byte.
 */

/** The codes of the messages a client sends before its session starts. */
export const PROTOCOL_3 = 196608;
export const SSL_REQUEST = 80877103;
export const GSS_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;

export type FrontendMessage = { kind: "startup"; code: number; bytes: Buffer } | { kind: "typed"; type: string; bytes: Buffer };

/** The largest message a client may send: PostgreSQL's own limit for a message is 1 GB. */
const MAX_MESSAGE_BYTES = 1 << 30;

/** Splits what a client sends into whole messages, holding back a partial one until the rest arrives. */
export class FrontendFrames {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;

  /** Adds bytes; returns the messages they complete, in order. Throws on a length no message can have. */
  push(chunk: Buffer): FrontendMessage[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const messages: FrontendMessage[] = [];
    for (;;) {
      const message = this.started ? this.typed() : this.startup();
      if (!message) return messages;
      messages.push(message);
    }
  }

  private startup(): FrontendMessage | undefined {
    if (this.pending.length < 8) return undefined;
    const length = this.pending.readInt32BE(0);
    if (length < 8 || length > MAX_MESSAGE_BYTES) throw new Error(`a start-up message of ${length} bytes`);
    if (this.pending.length < length) return undefined;
    const bytes = this.take(length);
    const code = bytes.readInt32BE(4);
    if (code === PROTOCOL_3) this.started = true;
    return { kind: "startup", code, bytes };
  }

  private typed(): FrontendMessage | undefined {
    if (this.pending.length < 5) return undefined;
    const length = this.pending.readInt32BE(1);
    if (length < 4 || length > MAX_MESSAGE_BYTES) throw new Error(`a message of ${length} bytes`);
    if (this.pending.length < length + 1) return undefined;
    const bytes = this.take(length + 1);
    return { kind: "typed", type: String.fromCharCode(bytes[0]!), bytes };
  }

  private take(length: number): Buffer {
    const bytes = this.pending.subarray(0, length);
    this.pending = this.pending.subarray(length);
    return bytes;
  }
}

/** What a reply held besides its bytes for the client. */
export type ReplySummary = {
  /** The status of the last ReadyForQuery: `I` idle, `T` in a transaction, `E` in a failed one; undefined if none came. */
  readyStatus?: string;
  /** NotificationResponse messages, whole, with the channel each is for. */
  notifications: { channel: string; bytes: Buffer }[];
};

/**
 * Reads the server's reply to one message as it streams out, passing on every message but the
 * notifications (which belong to the connections that listen, not to whichever one committed).
 */
export class BackendReply {
  private pending: Buffer = Buffer.alloc(0);
  readonly summary: ReplySummary = { notifications: [] };

  constructor(private readonly forward: (bytes: Buffer) => void) {}

  push(chunk: Uint8Array): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    let passOn = 0;
    let at = 0;
    while (this.pending.length - at >= 5) {
      const length = this.pending.readInt32BE(at + 1);
      if (this.pending.length - at < length + 1) break;
      const type = String.fromCharCode(this.pending[at]!);
      if (type === "Z") this.summary.readyStatus = String.fromCharCode(this.pending[at + 5]!);
      if (type === "A") {
        if (at > passOn) this.forward(this.pending.subarray(passOn, at));
        const bytes = Buffer.from(this.pending.subarray(at, at + length + 1));
        this.summary.notifications.push({ channel: notificationChannel(bytes), bytes });
        passOn = at + length + 1;
      }
      at += length + 1;
    }
    // Whole messages go on as soon as they are read; a partial one waits for the rest.
    if (at > passOn) this.forward(this.pending.subarray(passOn, at));
    this.pending = Buffer.from(this.pending.subarray(at));
  }

  /** Anything left over once the reply is complete (never, from a well-formed server) goes on as it is. */
  end(): void {
    if (this.pending.length) this.forward(this.pending);
    this.pending = Buffer.alloc(0);
  }
}

/** NotificationResponse: 'A', int32 length, int32 pid, channel\0, payload\0. */
function notificationChannel(bytes: Buffer): string {
  const end = bytes.indexOf(0, 9);
  return bytes.toString("utf8", 9, end < 0 ? bytes.length : end);
}

/** The text of a simple Query message ('Q', length, text\0). */
export const queryText = (bytes: Buffer) => bytes.toString("utf8", 5, bytes.length - 1);
