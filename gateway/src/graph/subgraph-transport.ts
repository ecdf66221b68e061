import http from "node:http";
import https from "node:https";
import type { RemoteGraphQLDataSource } from "@apollo/gateway";
import { connectionFailure } from "@pap/core";

type Fetcher = RemoteGraphQLDataSource["fetcher"];
export type FetcherRequestInit = NonNullable<Parameters<Fetcher>[1]>;
export type FetcherResponse = Awaited<ReturnType<Fetcher>>;

/** One answered subgraph call, fully read: several callers may build their own response from it. */
export type SubgraphReply = { status: number; statusText: string; headers: Record<string, string>; body: string };

/**
 * HTTP to the subgraph processes over kept-alive connections. Apollo's default fetcher opened and
 * closed connections under load (thousands in TIME_WAIT), so every subgraph call paid a TCP
 * handshake, and the subgraph a fresh socket. The pool is per process and shared by every subgraph.
 * An `https://` subgraph is reached over TLS with a pool of its own (a kept-alive TLS connection also
 * spares the TLS handshake), trusting Node's CAs and those of NODE_EXTRA_CA_CERTS.
 */
export class SubgraphTransport {
  private readonly agent: http.Agent;
  private readonly tlsAgent: https.Agent;

  constructor(options: { maxSocketsPerSubgraph?: number; timeoutMs?: number } = {}) {
    const pool = { keepAlive: true, maxSockets: options.maxSocketsPerSubgraph ?? 64, timeout: options.timeoutMs ?? 30_000 };
    this.agent = new http.Agent(pool);
    this.tlsAgent = new https.Agent(pool);
  }

  send(url: string, init: FetcherRequestInit = {}): Promise<SubgraphReply> {
    return new Promise((resolve, reject) => {
      // A known length spares both ends chunked encoding.
      const requestHeaders =
        init.body === undefined
          ? init.headers
          : Object.assign({}, init.headers, { "content-length": String(Buffer.byteLength(init.body)) });
      const overTls = url.startsWith("https:");
      const send = overTls ? https.request : http.request;
      const request = send(
        url,
        { method: init.method ?? "POST", headers: requestHeaders, agent: overTls ? this.tlsAgent : this.agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers))
              if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
            resolve({
              status: response.statusCode ?? 0,
              statusText: response.statusMessage ?? "",
              headers,
              body: Buffer.concat(chunks).toString("utf8"),
            });
          });
        },
      );
      request.on("error", (error) => reject(connectionFailure(url, error)));
      request.on("timeout", () => request.destroy(new Error(`subgraph ${url} did not answer in time`)));
      request.end(init.body);
    });
  }

  close(): void {
    this.agent.destroy();
    this.tlsAgent.destroy();
  }
}

/**
 * What Apollo's data source reads of a subgraph's answer, built afresh per caller from one reply: the
 * body is already text, so reading it twice (an error path clones) costs nothing.
 */
class SubgraphResponse implements FetcherResponse {
  readonly bodyUsed = false;
  readonly redirected = false;
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: FetcherResponse["headers"];

  constructor(
    private readonly reply: SubgraphReply,
    readonly url: string,
  ) {
    this.ok = reply.status >= 200 && reply.status < 300;
    this.status = reply.status;
    this.statusText = reply.statusText;
    this.headers = new Headers(reply.headers);
  }

  async text(): Promise<string> {
    return this.reply.body;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.reply.body);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return new TextEncoder().encode(this.reply.body).buffer as ArrayBuffer;
  }

  clone(): FetcherResponse {
    return new SubgraphResponse(this.reply, this.url);
  }
}

export const responseOf = (reply: SubgraphReply, url: string): FetcherResponse => new SubgraphResponse(reply, url);
