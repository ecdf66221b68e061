// The live dashboard: queues and their SLA clocks, applications, the caller's own work and the event
// feed, all read through the platform's public graph and kept current by one event subscription.
import { useCallback, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { claimsOf, graphql, type Session } from "./api";
import { ApplicationsPanel } from "./applications-panel";
import { EventFeed } from "./event-feed";
import { LiveEvents, type ConnectionState, type LiveEvent } from "./live-events";
import { MyWorkPanel } from "./my-work-panel";
import { QueuesPanel } from "./queues-panel";
import { operations } from "./operations";
import { pageConfig } from "./page-config";
import { SignIn } from "./sign-in";
import "./dashboard.css";

const storedToken = "pap-dashboard-token";
const feedLength = 300;
// Events come in bursts (one request often commits several): panels re-read once per burst.
const refreshDelayMs = 150;

function restoredSession(): Session | null {
  const token = sessionStorage.getItem(storedToken);
  const claims = token ? claimsOf(token) : null;
  return token && claims ? { token, claims } : null;
}

/** A counter per panel, raised (once per burst) when events that concern the panel arrive. */
type Topic = "workflow" | "queues" | "intake";

function useRefreshCounters() {
  const [counters, setCounters] = useState<Record<Topic, number>>({ workflow: 0, queues: 0, intake: 0 });
  const pending = useRef(new Set<Topic>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const touch = useCallback((...panels: Topic[]) => {
    for (const panel of panels) pending.current.add(panel);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const touched = new Set(pending.current);
      pending.current.clear();
      setCounters((previous) => ({
        workflow: previous.workflow + (touched.has("workflow") ? 1 : 0),
        queues: previous.queues + (touched.has("queues") ? 1 : 0),
        intake: previous.intake + (touched.has("intake") ? 1 : 0),
      }));
    }, refreshDelayMs);
  }, []);
  return { counters, touch };
}

function Dashboard({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [connection, setConnection] = useState<{ state: ConnectionState; detail?: string }>({ state: "connecting" });
  const { counters, touch } = useRefreshCounters();

  useEffect(() => {
    let stream: LiveEvents | null = null;
    let stopped = false;
    void (async () => {
      const recent = await graphql<{ events: { items: LiveEvent[] }; eventLogPosition: string }>(session, operations.recentEvents);
      if (stopped) return;
      setEvents(recent.data?.events.items ?? []);
      stream = new LiveEvents(
        session.token,
        recent.data?.eventLogPosition ?? null,
        (event) => {
          setEvents((previous) => [event, ...previous].slice(0, feedLength));
          if (event.source.endsWith("/workflow"))
            touch(...(event.type.includes(".queue.") ? (["workflow", "queues"] as const) : (["workflow"] as const)));
          if (event.source.endsWith("/intake")) touch("intake");
        },
        (state, detail) => {
          setConnection({ state, detail });
          // Back after a drop: the replay brings the events, and the figures are read again too.
          if (state === "live") touch("workflow", "queues", "intake");
        },
      );
      stream.start();
    })();
    return () => {
      stopped = true;
      stream?.stop();
    };
  }, [session, touch]);

  return (
    <>
      <header className="top">
        <h1>Dashboard</h1>
        <span className="who" data-testid="who">
          {session.claims.sub} · {session.claims.roles.join(", ") || "no role"}
        </span>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main className="board">
        <QueuesPanel session={session} refresh={counters.workflow} queuesChanged={counters.queues} />
        <ApplicationsPanel session={session} refresh={counters.intake} />
        <MyWorkPanel session={session} refresh={counters.workflow} />
        <EventFeed session={session} events={events} state={connection.state} detail={connection.detail} />
      </main>
    </>
  );
}

function App() {
  const [session, setSession] = useState<Session | null>(restoredSession);
  if (!session)
    return (
      <SignIn
        config={pageConfig}
        onSession={(next) => {
          sessionStorage.setItem(storedToken, next.token);
          setSession(next);
        }}
      />
    );
  return (
    <Dashboard
      session={session}
      onSignOut={() => {
        sessionStorage.removeItem(storedToken);
        setSession(null);
      }}
    />
  );
}

createRoot(document.getElementById("dashboard")!).render(<App />);
