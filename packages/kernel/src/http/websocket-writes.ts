import type { WebSocket } from "ws";

/** Past this many bytes waiting to be written, a socket's sends wait for their writes again. */
const LAGGING_BYTES = 1024 * 1024;

/**
 * graphql-ws takes a subscription's next result only once the previous message's write has called
 * back, so a burst of events costs one event-loop turn per event on every socket, and on a busy
 * process each of those turns waits behind everything else. The socket writes messages in the order
 * they are sent whatever happens, so its sends call back at once while little is queued; once a
 * reader lags, they call back when written, and the wait holds the subscription back as before.
 */
export function answerSendsEarly(socket: WebSocket): void {
  const send = socket.send.bind(socket) as (data: unknown, options?: unknown, callback?: (error?: Error) => void) => void;
  socket.send = ((data: unknown, optionsOrCallback?: unknown, maybeCallback?: (error?: Error) => void) => {
    const callback = typeof optionsOrCallback === "function" ? (optionsOrCallback as (error?: Error) => void) : maybeCallback;
    const options = typeof optionsOrCallback === "function" ? undefined : optionsOrCallback;
    if (!callback || socket.bufferedAmount >= LAGGING_BYTES) return send(data, options ?? {}, callback);
    // A failed write closes the socket, which ends its subscriptions: nothing is left to report it to.
    send(data, options ?? {}, () => {});
    callback();
  }) as WebSocket["send"];
}
