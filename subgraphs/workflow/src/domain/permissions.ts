import type { PermissionTable } from "@pap/kernel/auth";

/**
 * Who may do what in workflow (supervisors and administrators inherit the case worker's grants).
 * `tasks:act` opens the task actions; each action's own role rules (the task machine's clauses, such
 * as "supervisor only" or "the assigned worker") are checked after it, in the contract's order.
 */
export const workflowPermissions: PermissionTable = {
  "tasks:read": ["case_worker", "system"],
  "tasks:create": ["case_worker", "system"],
  "tasks:update": ["case_worker", "system"],
  "tasks:delete": ["supervisor", "system"],
  "tasks:act": ["case_worker", "system"],
  "queues:read": ["case_worker", "system"],
  "queues:create": ["supervisor", "system"],
  "queues:update": ["supervisor", "system"],
  "queues:delete": ["supervisor", "system"],
  "metrics:read": ["supervisor", "system"],
};
