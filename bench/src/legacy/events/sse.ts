import { authorization } from "../auth";
import http from "node:http";
import { now } from "./clock";

export type SseStream = {
  /** Closes the connection (the server then ends its subscription). */
  close(): void;
  /** Set when the server sent an `event: error` frame or the connection broke while open. */
  failure(): string | null;
};

const openTimeoutMs = 15_000;

/**
 * A server-sent-event reader on a plain HTTP connection of its own (no agent, no pooling: each
 * stream must be one socket on the server, as each browser tab's EventSource is). Resolves once the
 * server has written its `: connected` comment, which it does only after its subscription exists,
 * so every event committed from then on is due on this stream.
 */
export function openSse(url: string, onEvent: (id: string, receivedAt: number) => void): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    let failure: string | null = null;
    let opened = false;
    const request = http.get(url, { agent: false, headers: { accept: "text/event-stream", ...authorization } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        request.destroy();
        reject(new Error(`GET ${url} answered ${response.statusCode}`));
        return;
      }
      response.setEncoding("utf8");
      let buffered = "";
      response.on("data", (chunk: string) => {
        // Stamped on arrival, before parsing, so the client's own work is not counted as delivery time.
        const receivedAt = now();
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf("\n\n")) >= 0) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (frame.startsWith(":")) {
            if (!opened && frame.startsWith(": connected")) {
              opened = true;
              clearTimeout(timer);
              resolve(stream);
            }
            continue;
          }
          const lines = frame.split("\n");
          const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
          if (lines.includes("event: error")) {
            failure ??= `event: error ${data ?? ""}`;
            continue;
          }
          if (data) onEvent((JSON.parse(data) as { id: string }).id, receivedAt);
        }
      });
      response.on("close", () => {
        if (!closing) failure ??= "the server closed the stream";
      });
    });
    let closing = false;
    const stream: SseStream = {
      close: () => {
        closing = true;
        request.destroy();
      },
      failure: () => failure,
    };
    request.on("error", (error) => {
      if (!opened) reject(error);
      else if (!closing) failure ??= error.message;
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`GET ${url}: no ': connected' within ${openTimeoutMs / 1000} s`));
    }, openTimeoutMs);
  });
}
