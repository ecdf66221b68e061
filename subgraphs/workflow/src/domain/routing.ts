import { DEFAULT_QUEUE, SNAP_QUEUE } from "../config/queues";

/**
 * What routing knows of the task: the programs of the application it concerns, when it concerns one,
 * and the county it belongs to (county queues).
 */
export type RoutingFacts = { programType: string | null; applicationPrograms?: readonly string[] | null; county?: string | null };

/** A queue as routing sees it. */
export type RoutableQueue = { id: string; name: string; county: string | null };

/**
 * The queue a task goes to, of those there are: its county's queues when the deployment has made any
 * (the one whose name begins with the routed name, `snap-intake-alameda`, else the county's first),
 * else the state's queue of the routed name. Null when none of these exists.
 */
export function routedQueue(facts: RoutingFacts, queues: readonly RoutableQueue[]): RoutableQueue | null {
  const name = routingQueueName(
    facts,
    queues.some((queue) => queue.name === SNAP_QUEUE && queue.county === null),
  );
  const county = facts.county ? queues.filter((queue) => queue.county === facts.county) : [];
  if (county.length) return county.find((queue) => queue.name.startsWith(name)) ?? county[0]!;
  return queues.find((queue) => queue.name === name && queue.county === null) ?? null;
}

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
