import { isUuid, validationFailed, type BusinessCalendar, type Clock } from "@pap/core";
import { findActiveAccount, type Prisma } from "@pap/db";
import type { EventRecorder } from "@pap/events";
import type { WorkflowConfig } from "../config/deployment";
import { routableNames, routedQueue, type RoutingFacts, type RoutingTable } from "../domain/routing";
import type { RoutedTask, TaskEnv } from "../domain/task-machine";

/**
 * What every workflow write is given: the transaction it runs in, the recorder its events go through
 * (a request's, stamped with the caller, or a reaction's, caused by an event), the clock, the
 * platform's calendar (business days, local days), and the deployment's workflow configuration (SLA
 * types, clocks, routing). The GraphQL resolvers and the event reactions build one of these and call the same operations.
 */
export type WorkflowWork = {
  tx: Prisma.TransactionClient;
  events: EventRecorder;
  clock: Clock;
  calendar: BusinessCalendar;
  config: WorkflowConfig;
};

/**
 * The active user account a caller's credential names, or null: by the platform's user id, or by the
 * identity provider's subject it links (`idpSubject`), as a proxy's `X-Caller-Id` often is. The
 * platform's one rule for it (`findActiveAccount`), read here in the work's transaction.
 */
export const activeAccount = (db: Pick<Prisma.TransactionClient, "user">, id: string | undefined): Promise<{ id: string } | null> =>
  findActiveAccount(db, { id });

/** The id of the queue routing picks for what is known of a task (null if that queue is gone). */
export async function routedQueueId(tx: Prisma.TransactionClient, routing: RoutingTable, facts: RoutingFacts): Promise<string | null> {
  const queues = await tx.queue.findMany({
    where: { OR: [{ name: { in: routableNames(routing) } }, ...(facts.county ? [{ county: facts.county }] : [])] },
    select: { id: true, name: true, county: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return routedQueue(facts, routing, queues)?.id ?? null;
}

/** Routing, queue and assignee checks, answered from the database inside the work's transaction. */
export function taskEnv(tx: Prisma.TransactionClient, routing: RoutingTable): TaskEnv {
  return {
    // Applications live in intake: an existing task is routed again by its programType, which the
    // application reactions set from the application's programs (domain/application-tasks.ts).
    routedQueueId: (task: RoutedTask) =>
      routedQueueId(tx, routing, { programType: task.programType, county: task.county, isExpedited: task.isExpedited }),
    async requireQueue(queueId: string) {
      const queue = await tx.queue.findUnique({ where: { id: queueId }, select: { id: true } });
      if (!queue) throw validationFailed([{ field: "queueId", message: `names no queue (${queueId})` }]);
    },
    async requireActiveUser(userId: string, field: string) {
      const user = isUuid(userId) ? await tx.user.findUnique({ where: { id: userId }, select: { status: true } }) : null;
      if (!user) throw validationFailed([{ field, message: `names no user account (${userId})` }]);
      if (user.status !== "active")
        throw validationFailed([{ field, message: `names a user account that is ${user.status}: work goes only to active accounts` }]);
    },
  };
}
