import { randomUUID } from "node:crypto";

/**
 * A `scheduling.timer.requested` event as another service posts it to `POST /platform/events`: a timer
 * about a fresh subject, named `${prefix}.${subject}`, whose callback is `workflow.creation_deadline`.
 */
export function timerRequested(prefix: string, fireAfter: string) {
  const subject = randomUUID();
  const timerId = `${prefix}.${subject}`;
  return {
    subject,
    timerId,
    event: {
      id: randomUUID(),
      specversion: "1.0",
      type: "scheduling.timer.requested",
      source: "/scheduling",
      subject,
      time: new Date().toISOString(),
      datacontenttype: "application/json",
      data: { timerId, fireAfter, calendarType: "calendar", callback: { event: "workflow.creation_deadline", data: {} } },
    },
  };
}
