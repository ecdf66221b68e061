import { DEFAULT_QUEUE, SNAP_QUEUE } from "../config/queues";

/** What routing knows of the task's subject: the programs of the application it concerns, when it concerns one. */
export type RoutingFacts = { programType: string | null; applicationPrograms?: readonly string[] | null };

/**
 * The queue a task belongs in (the contract's assignToQueue): SNAP-only work goes to snap-intake when
 * that queue exists, everything else to general-intake. An application's programs decide when the
 * task concerns one; a standalone task's programType otherwise.
 */
export function routingQueueName(facts: RoutingFacts, snapQueueExists: boolean): string {
  const snapOnly = facts.applicationPrograms
    ? facts.applicationPrograms.length === 1 && facts.applicationPrograms[0] === "snap"
    : facts.programType === "snap";
  return snapQueueExists && snapOnly ? SNAP_QUEUE : DEFAULT_QUEUE;
}

/** The contract's setPriority: expedited work is priority 1, the rest normal (3). */
export const routinePriority = (task: { isExpedited: boolean }) => (task.isExpedited ? 1 : 3);
