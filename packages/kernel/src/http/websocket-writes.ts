import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import { corkedPerTurn } from "./turn-cork";

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
  // The messages sent in one turn (the events of one hub read) leave in one system call, not one each:
  // the TCP socket under the WebSocket (`ws` keeps it as `_socket`) is corked until the turn ends.
  const tcp = (socket as unknown as { _socket?: Socket })._socket;
  const turn = tcp && corkedPerTurn(tcp);
  socket.send = ((data: unknown, optionsOrCallback?: unknown, maybeCallback?: (error?: Error) => void) => {
    const callback = typeof optionsOrCallback === "function" ? (optionsOrCallback as (error?: Error) => void) : maybeCallback;
    const options = typeof optionsOrCallback === "function" ? undefined : optionsOrCallback;
    turn?.hold();
    if (!callback || socket.bufferedAmount >= LAGGING_BYTES) return send(data, options ?? {}, callback);
    // A failed write closes the socket, which ends its subscriptions: nothing is left to report it to.
    send(data, options ?? {}, () => {});
    callback();
  }) as WebSocket["send"];
}
