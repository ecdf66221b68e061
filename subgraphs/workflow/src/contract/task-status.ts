/** A task's states (the task machine's), apart from the task's declaration so the configuration can name them. */
export const taskStatuses = [
  "pending",
  "in_progress",
  "completed",
  "escalated",
  "cancelled",
  "awaiting_client",
  "awaiting_verification",
  "pending_review",
] as const;
export type TaskStatus = (typeof taskStatuses)[number];
