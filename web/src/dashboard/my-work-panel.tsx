import { useMemo, useState } from "react";
import { describeErrors, graphql, type Session } from "./api";
import { operations } from "./operations";
import { TaskRow, type TaskSummary } from "./task-row";
import { useNow } from "./time";
import { useGraphql } from "./use-graphql";

type MyWork = { mine: { total: number; items: TaskSummary[] }; ready: { total: number; items: TaskSummary[] } };

/** The signed-in worker's tasks by deadline, and the unassigned ones they could take next. */
export function MyWorkPanel({ session, refresh }: { session: Session; refresh: number }) {
  // Tasks are assigned to accounts: the caller's is looked up once (a token may name its subject only).
  const account = useGraphql<{ me: { id: string } | null }>(session, operations.me, 0);
  const me = account.data?.me?.id;
  const [acted, setActed] = useState(0);
  const [busy, setBusy] = useState(false);
  const [actionProblem, setActionProblem] = useState<string | null>(null);
  const query = useMemo(() => (me ? operations.myWork(me) : null), [me]);
  const { data, problem } = useGraphql<MyWork>(session, query, refresh + acted);
  const now = useNow();

  const act = async (task: TaskSummary, action: string, outcome?: string) => {
    setBusy(true);
    setActionProblem(null);
    try {
      const answer = await graphql(session, operations.taskAction(action), { id: task.id, ...(outcome !== undefined && { outcome }) });
      setActionProblem(describeErrors(answer.errors));
    } catch (error) {
      setActionProblem(`The platform could not be reached: ${(error as Error).message}`);
    } finally {
      setBusy(false);
      setActed((count) => count + 1);
    }
  };

  return (
    <section className="panel" aria-labelledby="my-work-title" data-testid="my-work">
      <h2 id="my-work-title">My work</h2>
      {!account.loading && !me && <p className="muted">Your credential names no account, so no work can be assigned to you.</p>}
      {(problem || actionProblem) && (
        <p className="problem" role="alert">
          {actionProblem ?? problem}
        </p>
      )}
      {data && (
        <>
          <h3>Assigned to me ({data.mine.total})</h3>
          {data.mine.items.length ? (
            <ul className="tasks" data-testid="my-tasks">
              {data.mine.items.map((task) => (
                <TaskRow key={task.id} task={task} now={now} me={me} busy={busy} onAction={act} />
              ))}
            </ul>
          ) : (
            <p className="muted">Nothing assigned to you.</p>
          )}
          <h3>Ready to claim ({data.ready.total})</h3>
          {data.ready.items.length ? (
            <ul className="tasks" data-testid="ready-tasks">
              {data.ready.items.map((task) => (
                <TaskRow key={task.id} task={task} now={now} me={me} busy={busy} onAction={act} />
              ))}
            </ul>
          ) : (
            <p className="muted">No unassigned task is waiting.</p>
          )}
        </>
      )}
    </section>
  );
}
