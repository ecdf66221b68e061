import net from "node:net";

/**
 * A TCP relay between a browser and the platform, which a test can cut: every open connection is
 * dropped and new ones are refused until it is restored. What the browser sees is what a dropped
 * network looks like, not a hook inside the page.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private cut = false;
  private server: net.Server | null = null;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<number> {
    this.server = net.createServer((client) => {
      if (this.cut) return void client.destroy();
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
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return (this.server!.address() as net.AddressInfo).port;
  }

  /** Drops every connection through the relay, and refuses new ones until `restore`. */
  drop(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cut = false;
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
