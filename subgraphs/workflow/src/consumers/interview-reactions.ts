import { isUuid, type Logger } from "@pap/core";
import { isAllowedFrom } from "@pap/kernel/state-machine";
import { systemPrincipal } from "@pap/kernel/auth";
import type { ConsumerContext, ConsumerDefinition } from "@pap/events";
import { z } from "zod";
import { applicationTaskKinds } from "../config/application-tasks";
import type { WorkflowConfig } from "../config/deployment";
import { missedInterviewNotes, waitsOnMissedInterview } from "../domain/application-tasks";
import { taskMachine } from "../domain/task-machine";
import { findLockedTask, transitionTask } from "../operations/tasks";

/** Scheduling's event, named as it declares it (the domains do not import one another). */
const APPOINTMENT_NO_SHOW = "scheduling.appointment.no_show";

/** What the workflow reads of a missed appointment: the interview's application, which scheduling names. */
const missed = z.object({ subjectType: z.literal("interview"), applicationId: z.uuid() });

/**
 * A household that misses its SNAP interview is waited on: the application's review task, while it
 * is being worked, moves to `awaiting_client` (its SLA clocks pause, and the client timeout starts),
 * as the system, caused by the missed appointment. The notice of missed interview (7 CFR
 * 273.2(e)(3)) is the communication domain's answer to the same event. A review in another state
 * (not yet claimed, escalated, already waiting) is left as it is.
 */
export function interviewReactions(options: { config: () => WorkflowConfig; logger?: Logger }): ConsumerDefinition {
  return {
    name: "workflow.interviews",
    filter: { types: [APPOINTMENT_NO_SHOW] },
    async handle({ tx, event, events, clock, calendar }: ConsumerContext) {
      if (!event.type.endsWith(APPOINTMENT_NO_SHOW) || !isUuid(event.subject)) return;
      const data = missed.safeParse(event.data);
      if (!data.success) return;
      const applicationId = data.data.applicationId.toLowerCase();
      const application = await tx.application.findUnique({ where: { id: applicationId }, select: { programs: true } });
      if (!application || !waitsOnMissedInterview(application.programs)) return;
      const work = { tx, events, clock, calendar, config: options.config() };
      const reviews = await tx.task.findMany({
        where: { subjectType: "application", subjectId: applicationId, taskType: applicationTaskKinds.review.taskType },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      });
      for (const { id } of reviews) {
        const task = await findLockedTask(work, id);
        if (!task || !isAllowedFrom(taskMachine, "await-client", task.status)) {
          if (task) options.logger?.info({ taskId: task.id, status: task.status }, "review task left as it is after a missed interview");
          continue;
        }
        await transitionTask(work, task.id, "await-client", systemPrincipal, { notes: missedInterviewNotes(event.subject) });
      }
    },
  };
}
