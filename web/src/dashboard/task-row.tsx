import { useState } from "react";
import { timeLeft } from "./time";
import { taskActions } from "./queries";

export type TaskSummary = {
  id: string;
  name: string;
  status: string;
  priority: number;
  isExpedited: boolean;
  programType: string | null;
  slaDeadline: string | null;
  createdAt: string;
  assignedToId: string | null;
  queueId: string | null;
  availableActions: string[];
  slaInfo: { slaTypeCode: string; status: string; deadline: string }[];
};

/** A task with its deadline and the buttons of the actions the caller may take on it now. */
export function TaskRow({
  task,
  now,
  me,
  busy,
  onAction,
}: {
  task: TaskSummary;
  now: number;
  me: string | undefined;
  busy: boolean;
  onAction: (task: TaskSummary, action: string, outcome?: string) => void;
}) {
  const [completing, setCompleting] = useState(false);
  const [outcome, setOutcome] = useState("");
  const left = task.slaDeadline ? timeLeft(task.slaDeadline, now) : null;
  const actions = task.availableActions.filter((action) => action in taskActions);
  return (
    <li className="task" data-testid={`task-${task.id}`}>
      <div>
        <strong>{task.name}</strong>
        {task.isExpedited && <span className="tag expedited">expedited</span>}
        {task.programType && <span className="tag">{task.programType}</span>}
        <span className="tag" data-testid="task-status">
          {task.status.replace(/_/g, " ")}
        </span>
      </div>
      <div className="task-meta">
        {left ? (
          <span className={left.overdue ? "sla-breached" : "countdown"}>{left.text}</span>
        ) : (
          <span className="muted">no SLA clock</span>
        )}
        <span className="actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              disabled={busy}
              onClick={() => (action === "complete" ? setCompleting(true) : onAction(task, action))}
            >
              {action === "claim" && task.assignedToId === me ? "Start" : taskActions[action]!.label}
            </button>
          ))}
        </span>
      </div>
      {completing && (
        <form
          className="complete-form"
          onSubmit={(submit) => {
            submit.preventDefault();
            onAction(task, "complete", outcome);
          }}
        >
          <label>
            Outcome{" "}
            <input value={outcome} onChange={(change) => setOutcome(change.target.value)} required maxLength={200} aria-label="Outcome" />
          </label>{" "}
          <button type="submit" disabled={busy || !outcome.trim()}>
            Done
          </button>{" "}
          <button type="button" className="secondary" onClick={() => setCompleting(false)}>
            Cancel
          </button>
        </form>
      )}
    </li>
  );
}
