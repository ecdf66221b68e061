import { noticeStatusAfter, retryDelayMs } from "./settling";

describe("a queued notice's status from its copies", () => {
  it("stays queued while a copy is pending, fails when one was given up, is sent when every copy went out", () => {
    expect(noticeStatusAfter("queued", ["sent", "pending"])).toBe("queued");
    expect(noticeStatusAfter("queued", ["sent", "failed", "pending"])).toBe("queued");
    expect(noticeStatusAfter("queued", ["sent", "failed"])).toBe("failed");
    expect(noticeStatusAfter("queued", ["sent", "sent"])).toBe("sent");
  });
  it("leaves a notice past queued where it is", () => {
    expect(noticeStatusAfter("returned", ["sent"])).toBe("returned");
    expect(noticeStatusAfter("sent", ["failed"])).toBe("sent");
  });
  it("waits 30 seconds before a second attempt, doubling to an hour", () => {
    expect([1, 2, 3, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });
});
