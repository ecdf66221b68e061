/** A queue the configuration seeds (source `system`): it cannot be deleted through the API. */
export type QueueDefinition = { id: string; name: string; description: string; county?: string | null };

/** The routing queues every deployment starts with; routing rules name them. */
export const builtInQueues: Omit<QueueDefinition, "county">[] = [
  { id: "ae5ed10f-657d-55f3-b53c-b381ec583a1e", name: "snap-intake", description: "SNAP intake tasks" },
  {
    id: "f46c5c87-b1fe-55c2-9166-873c2748d4f4",
    name: "general-intake",
    description: "Intake tasks of every other program, and the default queue",
  },
];
