import type { WebSocket } from "ws";
import { answerSendsEarly } from "./websocket-writes";

/** A socket that records its writes and calls back only when told to, as a slow network would. */
function fakeSocket(bufferedAmount: number) {
  const writes: Array<{ data: unknown; written: (error?: Error) => void; corked: boolean }> = [];
  // The TCP socket under it: whether it is corked, so that a test sees which writes leave together.
  const tcp = { corks: 0, cork: () => void tcp.corks++, uncork: () => void tcp.corks-- };
  const socket = {
    bufferedAmount,
    _socket: tcp,
    send: (data: unknown, _options: unknown, written: (error?: Error) => void) =>
      void writes.push({ data, written, corked: tcp.corks > 0 }),
  };
  answerSendsEarly(socket as unknown as WebSocket);
  return { socket: socket as unknown as WebSocket, writes, tcp };
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

  it("leave together: the messages of one turn are written while the TCP socket is corked, and it is uncorked once", async () => {
    const { socket, writes, tcp } = fakeSocket(0);
    for (const data of ["a", "b", "c"]) socket.send(data, () => {});
    expect(writes.map((write) => write.corked)).toEqual([true, true, true]);
    expect(tcp.corks).toBe(1);
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(tcp.corks).toBe(0);
    socket.send("next turn", () => {});
    expect(tcp.corks).toBe(1);
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
