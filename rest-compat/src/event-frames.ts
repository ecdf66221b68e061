import { eventToRest } from "@pap/platform/contract";

/**
 * The SSE frame of each recent event, encoded once and written to every stream that sends it. Every
 * stream selects the same fields, every caller allowed to read the log sees an entry the same way, and
 * the log never changes an entry: a frame depends on nothing but the event, which its position names.
 * With thousands of streams open, one event is then one JSON encoding instead of one per stream.
 */
export class EventFrames {
  private readonly frames = new Map<string, Buffer>();

  /** `capacity` recent frames are kept: enough for a burst to reach every stream, bounded in memory. */
  constructor(private readonly capacity = 1024) {}

  frameOf(position: string, event: Record<string, unknown>): Buffer {
    let frame = this.frames.get(position);
    if (!frame) {
      frame = Buffer.from(`id: ${position}\ndata: ${JSON.stringify(eventToRest(event))}\n\n`);
      this.frames.set(position, frame);
      // Maps iterate in insertion order: the first key is the oldest frame.
      if (this.frames.size > this.capacity) this.frames.delete(this.frames.keys().next().value!);
    }
    return frame;
  }
}
