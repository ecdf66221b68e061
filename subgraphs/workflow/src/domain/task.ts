import type { Task } from "@pap/db";
import { defineListSpec } from "@pap/kernel";
import { z } from "zod";
import { slaTypeCodes } from "../config/sla-types";
import { publicSlaInfo, slaEntriesOf, slaStatuses } from "./sla";

export const taskStatuses = ["pending", "in_progress", "completed", "escalated", "cancelled", "awaiting_client", "awaiting_verification", "pending_review"] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const programTypes = ["snap", "medicaid", "chip", "tanf", "aca"] as const;

/** Subject types the platform knows; deployments extend the list (SPEC §9), so any lower-case name is accepted. */
export const knownSubjectTypes = ["application", "case", "document", "appointment"] as const;

const uuid = z.uuid({ message: "must be a uuid" });

const describedFields = {
  name: z.string().min(1, "must not be empty").max(200),
  description: z.string().max(2000).nullable(),
  taskType: z.string().min(1, "must not be empty").max(100).nullable(),
  subjectType: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,49}$/, "must be a lower-case name such as application, case, document or appointment")
    .nullable(),
  subjectId: uuid.nullable(),
  programType: z.enum(programTypes).nullable(),
  isExpedited: z.boolean(),
};

/** Fields only the task's actions change; naming one in a create or update body is refused with the way to change it. */
const governedBy: Record<string, string> = {
  status: "changes only through the task's actions (claim, complete, cancel …)",
  assignedToId: "changes through POST /tasks/{taskId}/assign (or claim)",
  queueId: "changes through POST /tasks/{taskId}/assign with queueId",
  priority: "changes through POST /tasks/{taskId}/set-priority",
  outcome: "is set by complete or approve",
  completionNotes: "is set by complete or approve",
  startedAt: "is set when the task is claimed",
  completedAt: "is set when the task completes",
  escalatedAt: "is set when the task is escalated",
  cancelledAt: "is set when the task is cancelled",
  blockedAt: "is set when the task starts waiting on the client or a verification",
  slaInfo: "is kept by the SLA engine; name SLA types only when creating the task",
  slaDeadline: "is computed from slaInfo",
};
const governed = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, z.never({ message: `is read-only here: it ${governedBy[field]}` }).optional()]));

/** POST /tasks: a name is required; routing, priority and SLA clocks are filled in when not given. */
export const taskCreateBody = z.strictObject({
  ...describedFields,
  description: describedFields.description.optional(),
  taskType: describedFields.taskType.optional(),
  subjectType: describedFields.subjectType.optional(),
  subjectId: describedFields.subjectId.optional(),
  programType: describedFields.programType.optional(),
  isExpedited: describedFields.isExpedited.optional(),
  status: z.literal("pending", { message: "a new task is pending; its status then changes through its actions" }).optional(),
  queueId: uuid.nullable().optional(),
  priority: z.number().int("must be an integer").min(1, "must be 1 to 4").max(4, "must be 1 to 4").optional(),
  assignedToId: uuid.nullable().optional(),
  slaInfo: z.array(z.strictObject({ slaTypeCode: z.enum(slaTypeCodes) })).optional(),
  ...governed(["outcome", "completionNotes", "startedAt", "completedAt", "escalatedAt", "cancelledAt", "blockedAt", "slaDeadline"]),
});

/** PATCH /tasks/{taskId}: what describes the task; what its lifecycle governs goes through its actions. */
export const taskUpdateBody = z.strictObject({
  ...z.object(describedFields).partial().shape,
  ...governed(Object.keys(governedBy)),
});

export type TaskCreate = z.infer<typeof taskCreateBody>;
export type TaskUpdate = z.infer<typeof taskUpdateBody>;

export const taskListSpec = defineListSpec({
  resource: "tasks",
  fields: {
    id: { kind: "uuid" },
    name: { kind: "string" },
    description: { kind: "string", nullable: true },
    status: { kind: "enum", values: taskStatuses },
    taskType: { kind: "string", nullable: true },
    subjectType: { kind: "string", nullable: true },
    subjectId: { kind: "uuid", nullable: true },
    programType: { kind: "enum", values: programTypes, nullable: true },
    isExpedited: { kind: "boolean" },
    queueId: { kind: "uuid", nullable: true },
    priority: { kind: "integer" },
    startedAt: { kind: "datetime", nullable: true },
    completedAt: { kind: "datetime", nullable: true },
    escalatedAt: { kind: "datetime", nullable: true },
    cancelledAt: { kind: "datetime", nullable: true },
    blockedAt: { kind: "datetime", nullable: true },
    assignedToId: { kind: "uuid", nullable: true },
    outcome: { kind: "string", nullable: true },
    completionNotes: { kind: "string", nullable: true },
    slaDeadline: { kind: "datetime", nullable: true },
    "slaInfo.status": { kind: "tags", column: "slaStatuses", values: slaStatuses },
    createdAt: { kind: "datetime" },
    updatedAt: { kind: "datetime" },
  },
  fullText: ["name", "description", "taskType"],
  sortable: ["createdAt", "updatedAt", "priority", "status", "startedAt", "slaDeadline"],
  defaultSort: "priority,-createdAt",
});

const instant = (value: Date | null) => (value ? value.toISOString() : null);

/** The task as the API shows it, and as `workflow.task.created` carries it. */
export const taskSnapshot = (task: Task): Record<string, unknown> => ({
  id: task.id,
  name: task.name,
  description: task.description,
  status: task.status,
  taskType: task.taskType,
  subjectType: task.subjectType,
  subjectId: task.subjectId,
  programType: task.programType,
  isExpedited: task.isExpedited,
  queueId: task.queueId,
  priority: task.priority,
  startedAt: instant(task.startedAt),
  completedAt: instant(task.completedAt),
  escalatedAt: instant(task.escalatedAt),
  cancelledAt: instant(task.cancelledAt),
  blockedAt: instant(task.blockedAt),
  assignedToId: task.assignedToId,
  outcome: task.outcome,
  completionNotes: task.completionNotes,
  slaInfo: publicSlaInfo(slaEntriesOf(task.slaInfo)),
  slaDeadline: instant(task.slaDeadline),
  createdAt: task.createdAt.toISOString(),
  updatedAt: task.updatedAt.toISOString(),
});
