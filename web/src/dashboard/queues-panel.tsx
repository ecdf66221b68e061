import { useMemo } from "react";
import type { Session } from "./api";
import { Counts } from "./counts";
import { pageConfig } from "./page-config";
import { operations } from "./operations";
import { formatSpan, timeLeft, useNow } from "./time";
import { useGraphql } from "./use-graphql";
import type { TaskSummary } from "./task-row";

type Queue = { id: string; name: string; description: string | null };
type Count = { total: number };
/** A count per open state (by the state's name), and the SLA and waiting figures. */
type QueueOverview = Record<string, Count> & {
  warning: Count;
  breached: Count;
  pending: Count & { items: { id: string; name: string; createdAt: string }[] };
  urgent: { items: TaskSummary[] };
};

/** `refresh` rises when tasks change (each queue's figures are read again), `queuesChanged` when queues do. */
export function QueuesPanel({ session, refresh, queuesChanged }: { session: Session; refresh: number; queuesChanged: number }) {
  const queues = useGraphql<{ queues: { items: Queue[] } }>(session, operations.queues, queuesChanged);
  return (
    <section className="panel" aria-labelledby="queues-title" data-testid="queues">
      <h2 id="queues-title">Queues</h2>
      {queues.problem && <p className="problem">{queues.problem}</p>}
      <div className="queue-grid">
        {queues.data?.queues.items.map((queue) => (
          <QueueCard key={queue.id} session={session} queue={queue} refresh={refresh} />
        ))}
      </div>
    </section>
  );
}

function QueueCard({ session, queue, refresh }: { session: Session; queue: Queue; refresh: number }) {
  const query = useMemo(() => operations.queueOverview(queue.id), [queue.id]);
  const { data, problem } = useGraphql<QueueOverview>(session, query, refresh);
  const now = useNow();
  const oldest = data?.pending.items[0];
  return (
    <article className="queue" data-testid={`queue-${queue.name}`} aria-label={`Queue ${queue.name}`}>
      <header>
        <h3>{queue.name}</h3>
        {queue.description && <p className="muted">{queue.description}</p>}
      </header>
      {problem && <p className="problem">{problem}</p>}
      {data && (
        <>
          <Counts
            figures={pageConfig.openTaskStatuses.map((status) => ({
              label: status,
              value: data[status]!.total,
              testId: `count-${status}`,
              className: `status-${status}`,
            }))}
          />
          <p className="sla-summary">
            <span className={data.warning.total ? "sla-warning" : "muted"} data-testid="sla-warning">
              SLA warning: {data.warning.total}
            </span>
            <span className={data.breached.total ? "sla-breached" : "muted"} data-testid="sla-breached">
              breached: {data.breached.total}
            </span>
          </p>
          <p data-testid="oldest-waiting">
            Oldest waiting:{" "}
            {oldest ? (
              <>
                <strong>{oldest.name}</strong>, {formatSpan(now - Date.parse(oldest.createdAt))}
              </>
            ) : (
              <span className="muted">none</span>
            )}
          </p>
          {data.urgent.items.length > 0 && (
            <ol className="urgent" aria-label="Most urgent clocks">
              {data.urgent.items.map((task) => {
                const left = timeLeft(task.slaDeadline!, now);
                return (
                  <li key={task.id}>
                    <span>{task.name}</span> <span className={left.overdue ? "sla-breached" : "countdown"}>{left.text}</span>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </article>
  );
}
