import { defineMachine, type Clause } from "@pap/kernel/state-machine";
import type { Notice } from "@pap/db";
import { z } from "zod";
import { noticeEventData } from "./notice-events";
import type { NoticeStatus } from "./vocabulary";

const caseworker: Clause<never> = { actors: ["case_worker", "supervisor", "system"] };
const reason = z.strictObject({ reason: z.string().trim().min(1, "is required").max(2000) });

/**
 * What people do to a notice (the delivery outbox and the print queue move it from queued to sent or
 * failed on their own): record that its mail came back, and send it again — to the household as it now
 * stands, when an address was wrong or a copy failed.
 */
export const noticeMachine = defineMachine<Notice & { status: NoticeStatus }, NoticeStatus, string, never, object>({
  resource: "notice",
  initial: "queued",
  states: {
    queued: { description: "Waiting for its copies to go out." },
    sent: { description: "Every copy went out." },
    failed: { description: "A copy could not be delivered, or no recipient could be reached." },
    returned: { description: "Its mail came back undelivered." },
  },
  guards: {},
  actions: {
    "mark-returned": {
      description: "Records that the notice's mail came back undelivered, with the reason (moved, no such address).",
      from: ["sent"],
      to: "returned",
      who: [caseworker],
      body: reason,
      effects: (_notice, { now }) => ({ returnedAt: now }),
      emits: (notice, { body }) => ({ name: "notice.returned", data: { ...noticeEventData(notice), reason: body.reason } }),
    },
    resend: {
      description: "Queues the notice again, a copy to each recipient by each channel as the household's records now say.",
      from: ["failed", "returned"],
      to: "queued",
      who: [caseworker],
      effects: () => ({ failedAt: null, returnedAt: null, sentAt: null }),
      emits: (notice) => ({ name: "notice.resent", data: noticeEventData(notice) }),
    },
  },
});
