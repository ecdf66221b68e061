import { countyScope } from "@pap/kernel/auth";
import type { WorkflowContext } from "../context";

/**
 * County scoping for tasks (docs/county-scoping.md): a task of a county out of the caller's reach is
 * not found, however it is asked for, and lists leave it out. A new task's county is its subject's
 * (`countyOfNewRecord`).
 */
export const taskScope = countyScope<WorkflowContext>("Task", (context, id) =>
  context.db.task.findUnique({ where: { id }, select: { county: true } }),
);
