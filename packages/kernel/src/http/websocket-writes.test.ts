import type { WebSocket } from "ws";
import { answerSendsEarly } from "./websocket-writes";

/** A socket that records its writes and calls back only when told to, as a slow network would. */
function fakeSocket(bufferedAmount: number) {
  const writes: Array<{ data: unknown; written: (error?: Error) => void }> = [];
  const socket = {
    bufferedAmount,
    send: (data: unknown, _options: unknown, written: (error?: Error) => void) => void writes.push({ data, written }),
  };
  answerSendsEarly(socket as unknown as WebSocket);
  return { socket: socket as unknown as WebSocket, writes };
}

describe("graphql-ws sends", () => {
  it("call back at once, in order, while little is queued on the socket", () => {
    const { socket, writes } = fakeSocket(0);
    const answered: string[] = [];
    socket.send("first", () => answered.push("first"));
    socket.send("second", {}, () => answered.push("second"));
    expect(answered).toEqual(["first", "second"]);
    expect(writes.map((write) => write.data)).toEqual(["first", "second"]);
  });

  it("wait for the write once the reader lags, so a slow client holds its subscription back", () => {
    const { socket, writes } = fakeSocket(2 * 1024 * 1024);
    let answered = false;
    socket.send("late", () => (answered = true));
    expect(answered).toBe(false);
    writes[0]!.written();
    expect(answered).toBe(true);
  });
});
