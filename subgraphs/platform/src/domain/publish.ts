import { z } from "zod";
import { authTypes, isTraceparent, JSON_CONTENT_TYPE, SPEC_VERSION, type EventCatalog, type PlatformEvent } from "@pap/events";
import { parseBody, validationFailed } from "@pap/kernel";

const uuid = z.uuid({ message: "must be a uuid" });

/**
 * A published event must carry every required CloudEvents attribute (SPEC §4.1 POST /events);
 * optional ones are checked when present and unknown ones refused, so the log only holds envelopes
 * of the platform's own shape.
 */
export const publishedEventBody = z.strictObject({
  id: uuid,
  specversion: z.literal(SPEC_VERSION, { message: `must be "${SPEC_VERSION}"` }),
  type: z.string().regex(/^[A-Za-z0-9_.-]+$/, "must be {domain}.{entity}.{action}").max(300),
  source: z.string().regex(/^\/[A-Za-z0-9_/.-]*$/, "must be the producing domain's base path, e.g. /intake").max(300),
  subject: uuid,
  time: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }),
  datacontenttype: z.literal(JSON_CONTENT_TYPE, { message: `must be "${JSON_CONTENT_TYPE}"` }),
  data: z.union([z.record(z.string(), z.unknown()), z.null()]).optional(),
  traceparent: z.string().refine(isTraceparent, "must be a W3C traceparent").nullable().optional(),
  causationid: uuid.nullable().optional(),
  authid: z.string().min(1).max(200).nullable().optional(),
  authtype: z.enum(authTypes).nullable().optional(),
});

/** The envelope to store for a published event, or a 422 naming every problem. */
export function publishedEvent(body: unknown, catalog: EventCatalog): PlatformEvent {
  const parsed = parseBody(publishedEventBody, body);
  const problem = catalog.problemWith(parsed.type, parsed.source);
  if (problem) throw validationFailed([{ field: "type", message: problem }], "The event's type is not declared for its source.");
  if (parsed.authid && !parsed.authtype) throw validationFailed([{ field: "authtype", message: "is required when authid is present" }]);
  const event: PlatformEvent = {
    id: parsed.id.toLowerCase(),
    specversion: parsed.specversion,
    type: parsed.type,
    source: parsed.source,
    subject: parsed.subject.toLowerCase(),
    time: new Date(parsed.time).toISOString(),
    datacontenttype: parsed.datacontenttype,
  };
  if (parsed.data) event.data = parsed.data;
  if (parsed.traceparent) event.traceparent = parsed.traceparent;
  if (parsed.causationid) event.causationid = parsed.causationid.toLowerCase();
  if (parsed.authid) event.authid = parsed.authid;
  if (parsed.authtype) event.authtype = parsed.authtype;
  return event;
}
