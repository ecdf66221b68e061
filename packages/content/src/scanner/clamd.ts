import { connect } from "node:net";
import { Transform, type TransformCallback } from "node:stream";
import { endOfStream, frames, instreamCommand, parseReply, pingCommand } from "./instream";
import { ContentInfected, ScannerUnavailable } from "./errors";
import type { ScanVerdict, VirusScanner } from "./virus-scanner";

/*
 * A small INSTREAM client of our own rather than the `clamscan` package's passthrough(), which was
 * tried against the real daemon and fails this contract:
 * - an empty stream never finishes: its flush waits for a socket that is only opened on the first
 *   chunk, so a zero-byte upload would hang for ever, with neither a verdict nor an error;
 * - its flush writes the end-of-stream frame straight to the socket, around its own framing pipeline,
 *   so the frame's place after the last chunk rests on every buffer on the way having drained;
 * - a verdict is an event to be told apart from 'timeout' and 'error' events (and from a result whose
 *   `isInfected` is null), and socket errors are printed to the console whatever the settings.
 * Here the verdict is a promise that is clean only on clamd's exact "stream: OK" after the
 * end-of-stream frame, and every other way a scan can end rejects it.
 */

type Address = { host: string; port: number; url: string };

const defaultTimeoutMs = 60_000;
/** A verdict is one short line; anything longer is not one. */
const maxReplyLength = 4096;

/** A scanner speaking to clamd at `url` ("tcp://host:port"). */
export function clamdScanner(url: string, options: { timeoutMs?: number } = {}): VirusScanner {
  const address = parseAddress(url);
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new Error(`The clamd timeout must be a positive number of milliseconds, not ${timeoutMs}.`);
  return {
    address: address.url,
    scanning: () => scanning(address, timeoutMs),
    ping: () => ping(address, timeoutMs),
  };
}

function parseAddress(url: string): Address {
  const invalid = () => new Error(`Invalid clamd address '${url}': expected tcp://host:port.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid();
  }
  const port = Number(parsed.port);
  const extras = (parsed.pathname !== "" && parsed.pathname !== "/") || parsed.search || parsed.hash || parsed.username || parsed.password;
  if (parsed.protocol !== "tcp:" || !parsed.hostname || !parsed.port || !(port >= 1 && port <= 65535) || extras) throw invalid();
  // net.connect wants an IPv6 literal without the brackets a URL needs.
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"), port, url: `tcp://${parsed.hostname}:${port}` };
}

function scanning(address: Address, timeoutMs: number): { stream: Transform; verdict: Promise<ScanVerdict> } {
  let settle!: { resolve: (verdict: ScanVerdict) => void; reject: (error: Error) => void };
  const verdict = new Promise<ScanVerdict>((resolve, reject) => (settle = { resolve, reject }));
  // Callers often look at the verdict only after the stream has failed; until then an early rejection
  // is expected, not unhandled. The promise returned still rejects for them.
  verdict.catch(() => {});

  let outcome: ScanVerdict | Error | undefined;
  let sentEveryByte = false;
  let reply = "";
  // The daemon is given timeoutMs whenever we wait on it, and no limit while we wait on our own source
  // (a slow client upload must not look like a dead scanner).
  const waitingOn = { connect: true, drain: false, verdict: false };
  const socket = connect({ host: address.host, port: address.port });
  const timeWaits = () => socket.setTimeout(waitingOn.connect || waitingOn.drain || waitingOn.verdict ? timeoutMs : 0);

  const conclude = (result: ScanVerdict | Error) => {
    if (outcome !== undefined) return;
    outcome = result;
    socket.destroy();
    if (result instanceof Error) {
      settle.reject(result);
      stream.destroy(result);
    } else {
      settle.resolve(result);
      // Found before the end: there is no point sending (or storing) the rest.
      if (!result.clean && !sentEveryByte) stream.destroy(new ContentInfected(result.signature));
    }
  };

  const interpret = (text: string): ScanVerdict | Error => {
    const parsed = parseReply(text);
    if (parsed.kind === "infected") return { clean: false, signature: parsed.signature };
    // An OK can only cover the bytes clamd had when it said it.
    if (parsed.kind === "clean" && sentEveryByte) return { clean: true };
    if (parsed.kind === "clean") return new ScannerUnavailable(`clamd at ${address.url} answered OK before it had been sent every byte.`);
    return new ScannerUnavailable(`clamd at ${address.url} answered '${parsed.text}' instead of a verdict.`);
  };

  // The chunk goes on to the store only once the scanner has taken it: the slower of the two sets the
  // pace. The chunk that waits for the socket to drain is held in these two variables, and let go as it
  // moves on. Not in a `once` listener (nor any record) per chunk: V8 may allocate such records straight
  // into its old generation (in the platform it does, `once` being used everywhere for long-lived
  // things), and an old record keeps its chunk alive, whether the record is garbage or not, through
  // every young-generation collection until the next full one. Scanned uploads held 30–60 MB of spent
  // chunks that way.
  let waitingChunk: Buffer | undefined;
  let waitingCallback: TransformCallback | undefined;
  socket.on("drain", () => {
    const chunk = waitingChunk;
    const callback = waitingCallback;
    if (!callback) return;
    waitingChunk = undefined;
    waitingCallback = undefined;
    waitingOn.drain = false;
    timeWaits();
    callback(null, chunk);
  });

  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      let room = true;
      socket.cork();
      for (const frame of frames(chunk)) room = socket.write(frame);
      socket.uncork();
      if (room) return callback(null, chunk);
      waitingOn.drain = true;
      timeWaits();
      waitingChunk = chunk;
      waitingCallback = callback;
    },
    flush(callback: TransformCallback) {
      sentEveryByte = true;
      waitingOn.verdict = true;
      timeWaits();
      socket.write(endOfStream);
      // Ending only on a clean verdict is what keeps the destination from completing otherwise.
      const finish = (error?: Error) => {
        if (!stream.destroyed) callback(error);
      };
      verdict.then((judged) => finish(judged.clean ? undefined : new ContentInfected(judged.signature)), finish);
    },
    destroy(error: Error | null, callback: (error: Error | null) => void) {
      conclude(error ?? new Error("The scanning stream was closed before its end."));
      callback(error);
    },
  });

  timeWaits();
  socket.write(instreamCommand);
  socket.on("connect", () => {
    waitingOn.connect = false;
    timeWaits();
  });
  socket.on("data", (data: Buffer) => {
    reply += data.toString("utf8");
    const end = reply.indexOf("\0");
    if (end >= 0) conclude(interpret(reply.slice(0, end)));
    else if (reply.length > maxReplyLength) conclude(new ScannerUnavailable(`clamd at ${address.url} sent an over-long reply.`));
  });
  socket.on("end", () =>
    conclude(reply ? interpret(reply) : new ScannerUnavailable(`clamd at ${address.url} closed the connection without a verdict.`)),
  );
  socket.on("close", () => conclude(new ScannerUnavailable(`clamd at ${address.url} closed the connection without a verdict.`)));
  socket.on("timeout", () => conclude(new ScannerUnavailable(`clamd at ${address.url} did not answer within ${timeoutMs} ms.`)));
  socket.on("error", (error) =>
    conclude(new ScannerUnavailable(`The connection to clamd at ${address.url} failed: ${error.message}`, { cause: error })),
  );

  return { stream, verdict };
}

function ping(address: Address, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = connect({ host: address.host, port: address.port });
    const answered = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs);
    socket.write(pingCommand);
    socket.on("data", (data: Buffer) => {
      answer += data.toString("utf8");
      if (answer.includes("\0") || answer.length > maxReplyLength) answered(answer === "PONG\0");
    });
    for (const event of ["end", "close", "timeout", "error"]) socket.on(event, () => answered(false));
  });
}
