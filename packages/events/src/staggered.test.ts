import { staggered } from "./staggered";

describe("staggered", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("calls each task once per interval, one at a time, spread evenly over it", () => {
    const calls: number[] = [];
    const stop = staggered(
      [0, 1, 2, 3].map((index) => () => calls.push(index)),
      1000,
    );
    jest.advanceTimersByTime(249);
    expect(calls).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual([0]);
    jest.advanceTimersByTime(250);
    expect(calls).toEqual([0, 1]);
    jest.advanceTimersByTime(500);
    expect(calls).toEqual([0, 1, 2, 3]);
    jest.advanceTimersByTime(1000);
    expect(calls).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    stop();
    jest.advanceTimersByTime(5000);
    expect(calls).toHaveLength(8);
  });

  it("does nothing without tasks", () => {
    const stop = staggered([], 1000);
    expect(jest.getTimerCount()).toBe(0);
    stop();
  });
});
