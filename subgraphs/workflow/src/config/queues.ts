/** A queue the configuration seeds (source `system`): it cannot be deleted through the API. */
export type QueueDefinition = { id: string; name: string; description: string };

/** The routing queues every deployment starts with; routing (domain/routing.ts) finds them by name. */
export const seededQueues: readonly QueueDefinition[] = [
  { id: "ae5ed10f-657d-55f3-b53c-b381ec583a1e", name: "snap-intake", description: "SNAP intake tasks" },
  {
    id: "f46c5c87-b1fe-55c2-9166-873c2748d4f4",
    name: "general-intake",
    description: "Intake tasks of every other program, and the default queue",
  },
];

export const SNAP_QUEUE = "snap-intake";
export const DEFAULT_QUEUE = "general-intake";
