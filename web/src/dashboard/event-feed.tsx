import { useEffect, useMemo, useState } from "react";
import { describeErrors, graphql, type Session } from "./api";
import type { ConnectionState, LiveEvent } from "./live-events";
import { operations } from "./operations";
import { clockTime } from "./time";

const stateLabels: Record<ConnectionState, string> = {
  connecting: "connecting…",
  live: "live",
  reconnecting: "reconnecting…",
  refused: "not available",
};

export function EventFeed({
  session,
  events,
  state,
  detail,
}: {
  session: Session;
  events: LiveEvent[];
  state: ConnectionState;
  detail?: string;
}) {
  const [domain, setDomain] = useState("");
  const [type, setType] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const domains = useMemo(() => [...new Set(events.map((event) => event.source))].sort(), [events]);
  const shown = events.filter((event) => (!domain || event.source === domain) && (!type || event.type.includes(type.trim())));
  return (
    <section className="panel feed" aria-labelledby="feed-title" data-testid="event-feed">
      <h2 id="feed-title">
        Live events{" "}
        <span className={`connection connection-${state}`} data-testid="connection" title={detail}>
          {stateLabels[state]}
        </span>
      </h2>
      {state === "refused" && <p className="problem">{detail}</p>}
      <div className="filters">
        <label>
          Domain{" "}
          <select value={domain} onChange={(change) => setDomain(change.target.value)} aria-label="Domain">
            <option value="">all</option>
            {domains.map((source) => (
              <option key={source} value={source}>
                {source.replace(/^\//, "")}
              </option>
            ))}
          </select>
        </label>
        <label>
          Type <input value={type} onChange={(change) => setType(change.target.value)} placeholder="task.claimed" aria-label="Type" />
        </label>
      </div>
      <div className="feed-body">
        <ol className="events" data-testid="events">
          {shown.map((event) => (
            <li key={event.id} data-event-id={event.id} className={event.id === selected ? "selected" : undefined}>
              <button type="button" onClick={() => setSelected(event.id === selected ? null : event.id)}>
                <time>{clockTime(event.time)}</time> <span className="event-type">{event.type}</span>{" "}
                <code>{event.subject.slice(0, 8)}</code>
              </button>
            </li>
          ))}
        </ol>
        {selected ? (
          <EventDetail session={session} id={selected} onSelect={setSelected} />
        ) : (
          <p className="muted">Choose an event to see its envelope and follow its subject.</p>
        )}
      </div>
    </section>
  );
}

type Envelope = LiveEvent & Record<string, unknown>;
type Related = { events: { total: number; items: LiveEvent[] } };

/** One event's envelope, and the events that share its subject or its trace, across domains. */
function EventDetail({ session, id, onSelect }: { session: Session; id: string; onSelect: (id: string) => void }) {
  const [envelope, setEnvelope] = useState<Envelope | null>(null);
  const [subjectEvents, setSubjectEvents] = useState<LiveEvent[]>([]);
  const [traceEvents, setTraceEvents] = useState<LiveEvent[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      const answer = await graphql<{ event: Envelope | null }>(session, operations.event, { id });
      if (!current) return;
      setProblem(describeErrors(answer.errors));
      const event = answer.data?.event ?? null;
      setEnvelope(event);
      if (!event) return;
      const [bySubject, byTrace] = await Promise.all([
        graphql<Related>(session, operations.eventsAboutSubject, { subject: event.subject }),
        event.traceid ? graphql<Related>(session, operations.eventsInTrace, { traceid: event.traceid }) : null,
      ]);
      if (!current) return;
      setSubjectEvents(bySubject.data?.events.items ?? []);
      setTraceEvents(byTrace?.data?.events.items ?? []);
    })();
    return () => {
      current = false;
    };
  }, [session, id]);
  return (
    <aside className="event-detail" aria-label="Event envelope" data-testid="event-detail">
      {problem && <p className="problem">{problem}</p>}
      {envelope && <pre data-testid="envelope">{JSON.stringify(envelope, null, 2)}</pre>}
      <RelatedEvents title="About the same subject" events={subjectEvents} current={id} onSelect={onSelect} testId="same-subject" />
      <RelatedEvents title="In the same trace, across domains" events={traceEvents} current={id} onSelect={onSelect} testId="same-trace" />
    </aside>
  );
}

function RelatedEvents({
  title,
  events,
  current,
  onSelect,
  testId,
}: {
  title: string;
  events: LiveEvent[];
  current: string;
  onSelect: (id: string) => void;
  testId: string;
}) {
  if (!events.length) return null;
  return (
    <>
      <h3>{title}</h3>
      <ol className="events related" data-testid={testId}>
        {events.map((event) => (
          <li key={event.id} className={event.id === current ? "selected" : undefined}>
            <button type="button" onClick={() => onSelect(event.id)}>
              <time>{clockTime(event.time)}</time> <span className="event-type">{event.type}</span>{" "}
              <span className="muted">{event.source}</span>
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}
