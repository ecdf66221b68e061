import { roundDue } from "./consumer";

// The poll beside the hub's wake-ups: which consumers behind the log's head get a round.
const idleRoundMs = 30_000;
const watching = { watchedFrom: 100n, idleRoundMs, lastRoundAt: 1_000, now: 2_000 };

describe("a consumer behind the head", () => {
  it("gets no round while the hub has passed on nothing for it since its position", () => {
    expect(roundDue({ ...watching, position: 150n, newestMatchSeen: 120n })).toBe(false);
    expect(roundDue({ ...watching, position: 150n, newestMatchSeen: 150n })).toBe(false);
  });

  it("gets one when the hub passed on an event for it past its position (another process held it then)", () => {
    expect(roundDue({ ...watching, position: 150n, newestMatchSeen: 151n })).toBe(true);
  });

  it("gets one when it stands before what this process's hub has watched: events there were never looked at here", () => {
    expect(roundDue({ ...watching, position: 99n, newestMatchSeen: 0n })).toBe(true);
  });

  it("gets one after a while with nothing to do, which moves it to the head", () => {
    expect(roundDue({ ...watching, position: 150n, newestMatchSeen: 0n, now: 1_000 + idleRoundMs })).toBe(true);
  });
});
