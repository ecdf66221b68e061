import http from "node:http";

export type NewConnectionRequest = { method?: string; body?: string; headers?: Record<string, string> };

/**
 * A request on a connection of its own, closed after the answer: a cluster's primary hands each new
 * connection to the next worker in turn, so requests made this way are spread over every worker.
 */
export function onNewConnection(base: string, path: string, options: NewConnectionRequest = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      { method: options.method ?? "GET", agent: false, headers: { connection: "close", ...options.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
