import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl in a directory of its own. */
export function selfSignedCertificate(): { certFile: string; keyFile: string; cert: string; key: string } {
  const directory = mkdtempSync(path.join(tmpdir(), "pap-tls-"));
  const certFile = path.join(directory, "cert.pem");
  const keyFile = path.join(directory, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"],
      ...["-keyout", keyFile, "-out", certFile, "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
    ],
    { stdio: "ignore" },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8") };
}

/**
 * Terminates TLS in front of a plain TCP port, as HAProxy's `bind … ssl crt …` does: clients speak TLS
 * to it, it relays the bytes to the target. It counts the TLS sessions it completed.
 */
export class TlsTerminator {
  private readonly sockets = new Set<net.Socket>();
  private server: tls.Server | null = null;
  sessions = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly credentials: { cert: string; key: string },
  ) {}

  async listen(): Promise<number> {
    this.server = tls.createServer(this.credentials, (client) => {
      this.sessions++;
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    // A client that refuses the certificate ends the handshake; nothing to relay then.
    this.server.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return (this.server!.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
