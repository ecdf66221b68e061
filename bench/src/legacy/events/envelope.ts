import { randomUUID } from "node:crypto";

/** Declared for its source in the catalog; any other pair is refused with a 422. */
export const eventType = "persons.person.updated";
export const eventSource = "/persons";
/** What the stream and subscription clients ask for: every person event, the way a consumer would filter. */
export const eventTypeFilter = "persons.*";

export const publishPath = "/platform/events";
export const streamPath = "/platform/events/stream";

/**
 * One CloudEvents envelope as the platform accepts it. A fresh id every time: the log refuses a
 * repeated id with a 409, so reusing one would measure the refusal instead of the append.
 */
export function envelope(id: string = randomUUID()): string {
  return JSON.stringify({
    id,
    specversion: "1.0",
    type: eventType,
    source: eventSource,
    subject: randomUUID(),
    time: new Date().toISOString(),
    datacontenttype: "application/json",
    // A small payload of the size a real change notice carries, so the figures are not for empty rows.
    data: { changedFields: ["phone", "address.line1"], reason: "caseworker update" },
  });
}

/** JSON requests, with the run's credential (filled in once the platform is up). */
export const jsonHeaders: Record<string, string> = { "content-type": "application/json" };
