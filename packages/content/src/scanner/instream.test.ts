import { frames, parseReply } from "./instream";

describe("clamd's INSTREAM replies", () => {
  it.each([
    ["stream: OK\0", { kind: "clean" }],
    ["stream: OK\n", { kind: "clean" }],
    ["stream: Test.EICAR.Custom.UNOFFICIAL FOUND\0", { kind: "infected", signature: "Test.EICAR.Custom.UNOFFICIAL" }],
    ["INSTREAM size limit exceeded. ERROR\0", { kind: "unexpected", text: "INSTREAM size limit exceeded. ERROR" }],
    ["stream: OK but not quite\0", { kind: "unexpected", text: "stream: OK but not quite" }],
    ["OK\0", { kind: "unexpected", text: "OK" }],
    ["", { kind: "unexpected", text: "" }],
  ])("%j reads as %j", (reply, parsed) => {
    expect(parseReply(reply)).toEqual(parsed);
  });
});

describe("INSTREAM frames", () => {
  it("prefix each piece with its length, big-endian, in pieces of at most 1 MiB", () => {
    const sent = [...frames(Buffer.alloc(1024 * 1024 + 3, 1))];
    expect(sent.map((frame) => frame.length)).toEqual([4, 1024 * 1024, 4, 3]);
    expect(sent[0]!.readUInt32BE(0)).toBe(1024 * 1024);
    expect(sent[2]!.readUInt32BE(0)).toBe(3);
    expect([...frames(Buffer.alloc(0))]).toEqual([]);
  });
});
