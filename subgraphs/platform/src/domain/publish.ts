import { timerEventProblems, timerEvents, type EventCatalog, type PlatformEvent } from "@pap/events";
import { publishedEventBody } from "../contract/event";
import { validationFailed } from "@pap/core";
import { parseBody } from "@pap/kernel/validation";

const timerTypes = timerEvents.declarations.map((declaration) => declaration.type);

/** The envelope to store for a published event, or a 422 naming every problem. */
export function publishedEvent(body: unknown, catalog: EventCatalog): PlatformEvent {
  const parsed = parseBody(publishedEventBody, body);
  const problem = catalog.problemWith(parsed.type, parsed.source);
  if (problem) throw validationFailed([{ field: "type", message: problem }], "The event's type is not declared for its source.");
  // A timer request is carried out by the scheduling domain: one it could not carry out is refused here.
  if (timerTypes.some((type) => parsed.type === catalog.typePrefix + type)) {
    const timerProblems = timerEventProblems(parsed.type, parsed.data, catalog);
    if (timerProblems.length) throw validationFailed(timerProblems, "The timer event cannot be carried out.");
  }
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
