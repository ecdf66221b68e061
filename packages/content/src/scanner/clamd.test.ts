import { createHash } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { PassThrough, Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { digestingSink, EICAR, patternDigest, patternStream, unusedPort } from "../test-support/streams";
import { clamdScanner } from "./clamd";
import { ContentInfected, ScannerUnavailable, scannerFromEnv, type VirusScanner } from "./scanner";

const clamdUrl = process.env.CLAMD_URL ?? "tcp://127.0.0.1:3310";
const MiB = 1024 * 1024;

/** Pipes `source` through a scan into a destination; both outcomes, settled. */
async function scan(scanner: VirusScanner, source: Readable) {
  const { stream, verdict } = scanner.scanning();
  const { sink, digest } = digestingSink({ later: true });
  const [passed, judged] = await Promise.allSettled([pipeline(source, stream, sink), verdict]);
  return { passed, judged, digest };
}

describe("the clamd scanner, against the real daemon", () => {
  const scanner = clamdScanner(clamdUrl);

  it("answers PING", async () => {
    expect(await scanner.ping()).toBe(true);
  });

  it("passes clean bytes through unchanged and judges them clean", async () => {
    const bytes = Buffer.from("An ordinary pay stub, nothing to see here.");
    const { passed, judged, digest } = await scan(scanner, Readable.from([bytes]));
    expect(passed.status).toBe("fulfilled");
    expect(judged).toEqual({ status: "fulfilled", value: { clean: true } });
    expect(digest()).toEqual({ sizeBytes: bytes.length, contentHash: createHash("sha256").update(bytes).digest("hex") });
  });

  it("judges an empty stream (clean) instead of waiting for bytes that never come", async () => {
    const { passed, judged } = await scan(scanner, Readable.from([]));
    expect(passed.status).toBe("fulfilled");
    expect(judged).toEqual({ status: "fulfilled", value: { clean: true } });
  });

  it("finds EICAR, names it, and fails the stream before it ends", async () => {
    const { passed, judged } = await scan(scanner, Readable.from([Buffer.from(EICAR)]));
    expect(judged).toEqual({ status: "fulfilled", value: { clean: false, signature: "Test.EICAR.Custom.UNOFFICIAL" } });
    expect(passed).toEqual({ status: "rejected", reason: new ContentInfected("Test.EICAR.Custom.UNOFFICIAL") });
  });

  it("finds EICAR however it is split into chunks", async () => {
    const { judged } = await scan(scanner, Readable.from(Array.from(EICAR, (character) => Buffer.from(character))));
    expect(judged).toEqual({ status: "fulfilled", value: { clean: false, signature: "Test.EICAR.Custom.UNOFFICIAL" } });
  });

  it("passes a large clean stream at the pace of the slower side, without buffering it", async () => {
    const size = 24 * MiB + 7;
    const source = patternStream(size);
    const { stream, verdict } = scanner.scanning();
    const { sink, received, digest } = digestingSink({ later: true });
    let furthestAhead = 0;
    source.on("data", () => (furthestAhead = Math.max(furthestAhead, source.produced() - received())));
    await pipeline(source, stream, sink);
    expect(await verdict).toEqual({ clean: true });
    expect(digest()).toEqual(patternDigest(size));
    // Bounded by the streams' buffers (a few 64 KiB chunks), not by the size of the content.
    expect(furthestAhead).toBeLessThan(1 * MiB);
  });
});

describe("the clamd scanner, when the daemon is not there or misbehaves", () => {
  it("rejects at once when nothing listens, never waiting and never clean", async () => {
    const scanner = clamdScanner(`tcp://127.0.0.1:${await unusedPort()}`);
    const { passed, judged } = await scan(scanner, patternStream(4 * MiB));
    expect(judged.status).toBe("rejected");
    expect((judged as PromiseRejectedResult).reason).toBeInstanceOf(ScannerUnavailable);
    expect((passed as PromiseRejectedResult).reason).toBeInstanceOf(ScannerUnavailable);
    expect(await scanner.ping()).toBe(false);
  }, 5_000);

  /** A stand-in daemon: `serve` decides what happens on each connection. */
  async function fakeDaemon(serve: (socket: Socket) => void): Promise<{ url: string; server: Server }> {
    const server = createServer(serve);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `tcp://127.0.0.1:${(server.address() as { port: number }).port}`, server };
  }
  const daemons: Server[] = [];
  afterEach(async () => {
    await Promise.all(daemons.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
  async function scannerFor(serve: (socket: Socket) => void, timeoutMs?: number): Promise<VirusScanner> {
    const { url, server } = await fakeDaemon(serve);
    daemons.push(server);
    return clamdScanner(url, timeoutMs === undefined ? {} : { timeoutMs });
  }

  it.each([
    ["a size-limit error", "INSTREAM size limit exceeded. ERROR\0"],
    ["an unknown answer", "UNKNOWN COMMAND\0"],
    ["a truncated verdict", "stream: O"],
  ])("treats %s as unavailable, not clean", async (_label, answer) => {
    const scanner = await scannerFor((socket) => {
      socket.resume();
      socket.once("data", () => socket.end(answer));
    });
    const { judged } = await scan(scanner, patternStream(256 * 1024));
    expect((judged as PromiseRejectedResult).reason).toBeInstanceOf(ScannerUnavailable);
  });

  it("does not take an OK given before every byte was sent", async () => {
    // Answers as soon as bytes arrive, while the source has more to come: whatever it says cannot
    // cover bytes it never saw. (Were the OK taken, the scan would wait for the source for ever.)
    const scanner = await scannerFor((socket) => socket.once("data", () => socket.write("stream: OK\0")));
    const source = new PassThrough();
    source.write(Buffer.from("the first of many chunks"));
    const { passed, judged } = await scan(scanner, source);
    expect((judged as PromiseRejectedResult).reason).toBeInstanceOf(ScannerUnavailable);
    expect(passed.status).toBe("rejected");
  }, 5_000);

  it("treats a dropped connection as unavailable", async () => {
    const scanner = await scannerFor((socket) => socket.once("data", () => socket.destroy()));
    const { passed, judged } = await scan(scanner, patternStream(4 * MiB));
    expect((judged as PromiseRejectedResult).reason).toBeInstanceOf(ScannerUnavailable);
    expect((passed as PromiseRejectedResult).reason).toBeInstanceOf(ScannerUnavailable);
  });

  it("gives up on a daemon that takes the bytes but never answers", async () => {
    const scanner = await scannerFor((socket) => socket.resume(), 200);
    const { judged } = await scan(scanner, Readable.from([Buffer.from("hello")]));
    expect((judged as PromiseRejectedResult).reason).toEqual(
      expect.objectContaining({ name: "ScannerUnavailable", message: expect.stringMatching(/did not answer/) }),
    );
  });

  it("lets no byte reach the destination far ahead of the scanner", async () => {
    let scanned = 0;
    const scanner = await scannerFor((socket) => {
      const daemon = instreamReader(() => socket.end("stream: OK\0"));
      // A slow daemon: one read per turn of the event loop, where the destination takes every chunk at once.
      socket.on("data", (data: Buffer) => {
        scanned = daemon(data);
        socket.pause();
        setImmediate(() => socket.resume());
      });
    });
    const size = 32 * MiB;
    const { stream, verdict } = scanner.scanning();
    let received = 0;
    let furthestAhead = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        furthestAhead = Math.max(furthestAhead, received - scanned);
        callback();
      },
    });
    await pipeline(patternStream(size), stream, sink);
    expect(await verdict).toEqual({ clean: true });
    expect(scanned).toBe(size);
    // What the socket and the kernel buffer between us and the daemon (a few MiB on loopback), not the content's size.
    expect(furthestAhead).toBeLessThan(size / 2);
  });
});

/** Reads INSTREAM as clamd does; returns the payload bytes seen so far, and calls `ended` at the end-of-stream frame. */
function instreamReader(ended: () => void): (data: Buffer) => number {
  let pending = Buffer.alloc(0);
  let commandRead = false;
  let payload = 0;
  return (data) => {
    pending = Buffer.concat([pending, data]);
    if (!commandRead && pending.length >= 10) {
      expect(pending.subarray(0, 10).toString()).toBe("zINSTREAM\0");
      pending = pending.subarray(10);
      commandRead = true;
    }
    while (commandRead && pending.length >= 4) {
      const length = pending.readUInt32BE(0);
      if (length === 0) {
        ended();
        break;
      }
      if (pending.length < 4 + length) break;
      payload += length;
      pending = pending.subarray(4 + length);
    }
    return payload;
  };
}

describe("configuration", () => {
  it("names its daemon, and refuses anything but tcp://host:port", () => {
    expect(clamdScanner("tcp://127.0.0.1:3310").address).toBe("tcp://127.0.0.1:3310");
    expect(clamdScanner("tcp://[::1]:3310").address).toBe("tcp://[::1]:3310");
    for (const url of [
      "127.0.0.1:3310",
      "http://127.0.0.1:3310",
      "tcp://127.0.0.1",
      "tcp://127.0.0.1:0",
      "tcp://127.0.0.1:3310/x",
      "tcp://:3310",
      "nonsense",
    ]) {
      expect(() => clamdScanner(url)).toThrow(/tcp:\/\/host:port/);
    }
  });

  it("comes from CLAMD_URL, and is absent without it", () => {
    expect(scannerFromEnv({})).toBeUndefined();
    expect(scannerFromEnv({ CLAMD_URL: "" })).toBeUndefined();
    expect(scannerFromEnv({ CLAMD_URL: "tcp://clamav:3310" })?.address).toBe("tcp://clamav:3310");
    expect(() => scannerFromEnv({ CLAMD_URL: "clamav:3310" })).toThrow(/CLAMD_URL/);
  });
});
