import type { RequestScope } from "@pap/kernel/domain";
import { createByKeyLoader, createGroupLoader, createRowByIdLoader } from "@pap/kernel/graphql";
import type { PrismaClient, Queue, Task, RowReader } from "@pap/db";
import DataLoader from "dataloader";
import { domainContext, type DomainContext, type DomainServices } from "@pap/events";
import { workflowConfig } from "./config/deployment";
import { workflowPermissions } from "./domain/permissions";
import { openTaskStatuses } from "./domain/task-machine";
import { activeAccount, type WorkflowWork } from "./operations/work";

/** Tasks are found by their subject as `<subjectType>:<subjectId>`. */
export const subjectKey = (subjectType: string, subjectId: string) => `${subjectType}:${subjectId.toLowerCase()}`;

function loaders(db: PrismaClient, read: RowReader) {
  return {
    // A task by id is a caseworker's hottest read; its columns are all of kinds the driver returns as Prisma does.
    taskById: createRowByIdLoader<Task>(read, "workflow_task"),
    queueById: createByKeyLoader<string, Queue>(
      (ids) => db.queue.findMany({ where: { id: { in: [...ids] } } }),
      (queue) => queue.id,
    ),
    /** The active account a caller's credential names (by user id or identity-provider subject): whether they may work tasks (`Task.availableActions`), asked once per request. */
    activeAccountOf: new DataLoader<string, { id: string } | null>(async (ids) => Promise.all(ids.map((id) => activeAccount(db, id)))),
    /** Every task concerning each subject, most urgent first. */
    tasksBySubject: createGroupLoader<string, Task>(
      (keys) => {
        const pairs = keys.map((key) => key.split(":") as [string, string]);
        return db.task.findMany({
          where: {
            subjectId: { in: [...new Set(pairs.map(([, id]) => id))] },
            subjectType: { in: [...new Set(pairs.map(([type]) => type))] },
          },
          orderBy: [{ priority: "asc" }, { createdAt: "asc" }, { id: "asc" }],
        });
      },
      (task) => (task.subjectType && task.subjectId ? [subjectKey(task.subjectType, task.subjectId)] : []),
    ),
    /** Each worker's open tasks, most urgent first. */
    openTasksByAssignee: createGroupLoader<string, Task>(
      (ids) =>
        db.task.findMany({
          where: { assignedToId: { in: [...ids] }, status: { in: openTaskStatuses } },
          orderBy: [{ priority: "asc" }, { slaDeadline: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
        }),
      (task) => (task.assignedToId ? [task.assignedToId] : []),
    ),
  };
}

export type WorkflowContext = DomainContext & { loaders: ReturnType<typeof loaders> };

export function createContext(scope: RequestScope<DomainServices>): WorkflowContext {
  return domainContext(scope, workflowPermissions, { loaders: loaders(scope.db, scope.read) });
}

/** Runs a workflow write in one transaction with the request's events and the process's clock. */
export function inTransaction<T>(context: WorkflowContext, write: (work: WorkflowWork) => Promise<T>): Promise<T> {
  return context.transaction((tx) =>
    write({ tx, events: context.events, clock: context.clock, calendar: context.calendar, config: workflowConfig() }),
  );
}
