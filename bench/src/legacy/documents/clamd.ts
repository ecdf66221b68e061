import { connect } from "node:net";

/**
 * clamd's VERSION answer ("ClamAV 1.4.3/…"): asked before the scanning session, so a daemon that is
 * not running is said plainly instead of as a platform that answers 503 to every upload; and reported,
 * since what a scan costs depends on the engine and the signatures it loaded.
 */
export function clamdVersion(url: string, timeoutMs = 3_000): Promise<string> {
  const { hostname, port, protocol } = new URL(url);
  if (protocol !== "tcp:" || !port) return Promise.reject(new Error(`clamd URL must be tcp://host:port, not '${url}'`));
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = "";
    const fail = (why: string) => {
      socket.destroy();
      reject(new Error(`clamd at ${url} ${why}; start it with .ci/clamd/start`));
    };
    socket.setTimeout(timeoutMs, () => fail(`did not answer within ${timeoutMs} ms`));
    socket.on("error", (error) => fail(`cannot be reached (${error.message})`));
    socket.on("connect", () => socket.write("zVERSION\0"));
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () => {
      const version = answer.replace(/\0/g, "").trim();
      if (version) resolve(version);
      else fail("answered nothing to VERSION");
    });
  });
}
