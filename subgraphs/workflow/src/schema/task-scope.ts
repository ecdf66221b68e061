import { notFound } from "@pap/core";
import { countyCondition, homeCounty, reaches } from "@pap/kernel/auth";
import type { Task } from "@pap/db";
import type { WorkflowContext } from "../context";
import type { TaskCreate } from "../contract/task";
import { countyOfSubject } from "../operations/subject-county";

/**
 * How county scoping holds for tasks: a task of a county out of the caller's reach is not found,
 * however it is asked for, and lists leave it out (a 403 would tell that it exists).
 */

export const tasksInReach = async (context: WorkflowContext) => countyCondition(await context.countyReach());

export async function reachesTask(context: WorkflowContext, found: Pick<Task, "county"> | null): Promise<boolean> {
  return found !== null && reaches(await context.countyReach(), found.county);
}

/** The tasks of a link (a subject's, a person's, a user's) that the caller reaches. */
export async function tasksWithinReach(context: WorkflowContext, tasks: readonly Task[]): Promise<Task[]> {
  const reach = await context.countyReach();
  return reach === undefined ? [...tasks] : tasks.filter((found) => reaches(reach, found.county));
}

/** Whether the caller reaches the task with this id as it is now (a live feed's check: no cache); true for one that is gone. */
export async function taskIdInReach(context: WorkflowContext, id: string): Promise<boolean> {
  const reach = await context.countyReach();
  if (reach === undefined) return true;
  const found = await context.db.task.findUnique({ where: { id }, select: { county: true } });
  return !found || reaches(reach, found.county);
}

/** Before a change or an action: 404 when the task is out of reach (one that does not exist is the write's own 404). */
export async function requireTaskInReach(context: WorkflowContext, id: string): Promise<void> {
  if (!(await taskIdInReach(context, id))) throw notFound("Task", id);
}

/**
 * Where a task a caller opens belongs: with its application or case (which must exist within the
 * caller's reach, or it is not found), else with the caller's county when they are confined.
 */
export async function countyOfNewTask(context: WorkflowContext, body: TaskCreate): Promise<string | null> {
  const reach = await context.countyReach();
  const subject = await countyOfSubject(context.db, body.subjectType, body.subjectId);
  if (!subject.anchored) return homeCounty(reach);
  if (subject.exists && !reaches(reach, subject.county))
    throw notFound(body.subjectType === "case" ? "Case" : "Application", body.subjectId!);
  return subject.exists ? subject.county : homeCounty(reach);
}
