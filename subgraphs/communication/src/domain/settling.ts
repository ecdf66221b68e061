import type { NoticeStatus } from "./vocabulary";

type CopyStatus = "pending" | "sent" | "failed";

/**
 * Where a queued notice stands once its copies have moved: still queued while any copy is pending,
 * failed when any was given up, sent when every copy went out. A notice already past queued (sent,
 * failed, returned) is not moved by its copies.
 */
export function noticeStatusAfter(current: NoticeStatus, copies: readonly CopyStatus[]): NoticeStatus {
  if (current !== "queued") return current;
  if (copies.some((copy) => copy === "pending")) return "queued";
  if (copies.some((copy) => copy === "failed")) return "failed";
  return copies.length ? "sent" : "queued";
}

/** How long an email copy waits before its next attempt: doubling from 30 seconds, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
