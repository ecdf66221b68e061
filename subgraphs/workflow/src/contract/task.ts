import { benefitPrograms } from "@pap/core";
import { defineResource, type CreateBody, type UpdateBody } from "@pap/kernel/resource";
import { z } from "zod";
import { slaTypeCodes } from "../config/deployment";
import { slaStatuses } from "../domain/sla";

import { taskStatuses } from "./task-status";

export { taskStatuses, type TaskStatus } from "./task-status";

export const programTypes = benefitPrograms;

/** Subject types the platform knows; deployments extend the list (SPEC §9), so any lower-case name is accepted. */
export const knownSubjectTypes = ["application", "case", "document", "appointment"] as const;

const instant = { kind: "datetime", nullable: true } as const;
const programType = { kind: "enum", values: programTypes, enumName: "ProgramType" } as const;

/**
 * A task, declared once. What describes the work is written by create and update; routing, priority,
 * assignment and SLA clocks only by create (afterwards through the task's actions); the lifecycle's
 * own fields (status, outcome, the instants) only by the actions, so a body carrying them is ignored.
 */
export const task = defineResource({
  name: "Task",
  plural: "tasks",
  model: "Task",
  description: "A unit of work in a queue, with its lifecycle and SLA clocks.",
  fields: {
    id: { kind: "uuid" },
    name: {
      kind: "string",
      write: "always",
      input: z.string().min(1, "must not be empty").max(200),
      inputDescription: {
        create:
          "The task's label; when left out, named from its taskType (application_review → Application review), or Untitled task without one.",
      },
      search: true,
    },
    description: { kind: "string", nullable: true, write: "always", input: z.string().max(2000), search: true },
    status: {
      kind: "enum",
      values: taskStatuses,
      enumName: "TaskStatus",
      write: "create",
      input: z.literal("pending", { message: "a new task is pending; its status then changes through its actions" }),
      inputDescription: "Only pending: a task starts pending.",
      sort: true,
    },
    taskType: { kind: "string", nullable: true, write: "always", input: z.string().min(1, "must not be empty").max(100), search: true },
    subjectType: {
      kind: "string",
      nullable: true,
      write: "always",
      input: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, "must be a lower-case name such as application, case, document or appointment"),
      description: "application, case, document, appointment (deployments add more).",
    },
    subjectId: { kind: "uuid", nullable: true, write: "always" },
    programType: { ...programType, nullable: true, write: "always" },
    county: {
      kind: "string",
      nullable: true,
      description:
        "The county the task belongs to, a five-digit FIPS code: its application's or case's when it was opened, else its creator's when they are confined to counties; null: state level.",
    },
    isExpedited: { kind: "boolean", write: "always" },
    queueId: { kind: "uuid", nullable: true, write: "create", inputDescription: "Routed by program when not given." },
    queue: {
      kind: "reference",
      target: "Queue",
      nullable: true,
      description: "The queue the task waits in (null if none, or the queue was deleted).",
    },
    priority: {
      kind: "integer",
      write: "create",
      input: z.number().int("must be an integer").min(1, "must be 1 to 4").max(4, "must be 1 to 4"),
      description: "1 expedited, 2 high, 3 normal, 4 low.",
      inputDescription: "1 to 4; 1 when expedited, else 3, when not given.",
      sort: true,
    },
    startedAt: { ...instant, sort: true },
    completedAt: instant,
    escalatedAt: instant,
    cancelledAt: instant,
    blockedAt: instant,
    assignedToId: { kind: "uuid", nullable: true, write: "create" },
    outcome: { kind: "string", nullable: true },
    completionNotes: { kind: "string", nullable: true },
    slaInfo: {
      kind: "object",
      list: true,
      objectName: "SlaEntry",
      objectDescription: "One SLA clock on a task, kept by the SLA engine.",
      inputName: "SlaInfoInput",
      write: "create",
      inputDescription: "SLA clocks to start (rule-assigned ones are added).",
      fields: {
        slaTypeCode: { kind: "enum", values: slaTypeCodes, enumName: "SlaTypeCode", write: "create", required: true },
        status: {
          kind: "enum",
          values: slaStatuses,
          enumName: "SlaStatus",
          description:
            "active, warning (threshold passed), paused (waiting on the client or a verification), breached, completed (in time).",
        },
        clockStartedAt: { kind: "datetime" },
        deadline: { kind: "datetime", description: "Pushed out by the time the clock stood paused." },
      },
    },
    slaDeadline: { ...instant, description: "The earliest deadline among running SLA clocks.", sort: true },
    availableActions: {
      kind: "string",
      list: true,
      visibility: "graph",
      resolvedBy: "schema",
      description:
        "The actions the caller could take on the task now (its state, their roles and the guards), e.g. to show the right buttons.",
    },
    createdAt: { kind: "datetime", sort: true },
    updatedAt: { kind: "datetime", sort: true },
  },
  list: {
    defaultSort: "priority,-createdAt",
    extra: { "slaInfo.status": { kind: "tags", column: "slaStatuses", values: slaStatuses } },
  },
});

export type TaskCreate = CreateBody<typeof task>;
export type TaskUpdate = UpdateBody<typeof task>;
