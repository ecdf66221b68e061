import { EventFrames } from "./event-frames";

const event = { id: "0b0e3f7e-5b55-4b0c-9a59-3c1f7b0f1b9e", type: "persons.person.updated", traceparent: null, data: { changes: [] } };

describe("SSE frames shared by every stream", () => {
  it("encodes an event once as `id:` (its position) and one `data:` line, leaving absent attributes out", () => {
    const frames = new EventFrames();
    const frame = frames.frameOf("42", event);
    expect(frame.toString()).toBe(`id: 42\ndata: ${JSON.stringify({ id: event.id, type: event.type, data: event.data })}\n\n`);
    // The next stream that sends position 42 writes the very same bytes.
    expect(frames.frameOf("42", { ...event })).toBe(frame);
  });

  it("keeps only the most recent frames", () => {
    const frames = new EventFrames(2);
    const first = frames.frameOf("1", event);
    frames.frameOf("2", event);
    frames.frameOf("3", event);
    expect(frames.frameOf("3", event)).toBe(frames.frameOf("3", event));
    // Position 1 was dropped: it is encoded anew (equal bytes, another buffer).
    const again = frames.frameOf("1", event);
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
  });
});
