import { taskScope } from "./task-scope";
import { expectedSize } from "@pap/kernel/graphql";
import type { Task } from "@pap/db";
import { builder } from "../builder";
import { subjectKey } from "../context";
import { isOpen } from "../domain/task-machine";
import { TaskRef } from "./task";

/**
 * The entities tasks concern, owned by other domains and known here by id only; the gateway fetches
 * the rest of each from its own subgraph. Application and document have no subgraph yet: until they
 * do, only their id can be selected.
 */
const reference = (name: string) =>
  builder.externalRef(name, builder.selection<{ id: string }>("id")).implement({ externalFields: (t) => ({ id: t.id() }) });
const ApplicationRef = reference("Application");
const CaseRef = reference("Case");
const DocumentRef = reference("Document");
const AppointmentRef = reference("Appointment");
const UserRef = reference("User");

const subjectTypes = { application: ApplicationRef, case: CaseRef, document: DocumentRef, appointment: AppointmentRef } as const;
type Subject = { id: string; subjectType: keyof typeof subjectTypes };

const TaskSubject = builder.unionType("TaskSubject", {
  description: "What a task concerns.",
  types: Object.values(subjectTypes),
  resolveType: (subject) => subjectTypes[(subject as Subject).subjectType].name,
});

const openOnly = (tasks: readonly Task[], only: boolean | null | undefined) => (only ? tasks.filter(isOpen) : [...tasks]);

/** The order of every task list of a subject: most urgent first, then oldest first. */
const byUrgency = (tasks: readonly Task[]) =>
  [...tasks].sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));

builder.objectFields(TaskRef, (t) => ({
  subject: t.field({
    type: TaskSubject,
    nullable: true,
    description: "The application, case, document or appointment the task concerns (null for other subject types, or none).",
    resolve: (task) =>
      task.subjectId && task.subjectType && task.subjectType in subjectTypes
        ? ({ id: task.subjectId, subjectType: task.subjectType } as Subject)
        : null,
  }),
  assignedTo: t.field({
    type: UserRef,
    nullable: true,
    description: "The user the task is assigned to.",
    resolve: (task) => (task.assignedToId ? { id: task.assignedToId } : null),
  }),
}));

/** `Case.tasks`, `Appointment.tasks` …: a subject's tasks, most urgent first. */
for (const [subjectType, ref] of Object.entries(subjectTypes)) {
  builder.objectField(ref, "tasks", (t) =>
    t.field({
      authScopes: { permission: "tasks:read" },
      type: [TaskRef],
      extensions: expectedSize(20),
      description: `The tasks concerning this ${subjectType}, most urgent first; \`openOnly\` leaves out completed and cancelled ones.`,
      args: { openOnly: t.arg.boolean({ defaultValue: false }) },
      resolve: async (subject, args, context) =>
        openOnly(
          await taskScope.withinReach(context, await context.loaders.tasksBySubject.load(subjectKey(subjectType, subject.id))),
          args.openOnly,
        ),
    }),
  );
}

/**
 * A person's tasks: those concerning their cases and appointments. Which cases and appointments are a
 * person's is known to case management and scheduling, so the gateway fetches them first (@requires)
 * and this subgraph looks the tasks up by those subjects, in one batch.
 */
builder.externalRef("Person", builder.selection<{ id: string }>("id")).implement({
  externalFields: (t) => ({ id: t.id(), cases: t.field({ type: [CaseRef] }), appointments: t.field({ type: [AppointmentRef] }) }),
  fields: (t) => ({
    tasks: t.field({
      authScopes: { permission: "tasks:read" },
      type: [TaskRef],
      extensions: expectedSize(20),
      description:
        "The tasks concerning this person's cases and appointments, most urgent first; `openOnly` leaves out completed and cancelled ones.",
      args: { openOnly: t.arg.boolean({ defaultValue: false }) },
      requires: builder.selection<{ cases: { id: string }[]; appointments: { id: string }[] }>("cases { id } appointments { id }"),
      resolve: async (person, args, context) => {
        const keys = [
          ...person.cases.map((each) => subjectKey("case", each.id)),
          ...person.appointments.map((each) => subjectKey("appointment", each.id)),
        ];
        const tasks = (await context.loaders.tasksBySubject.loadMany(keys)).flatMap((found) => {
          if (found instanceof Error) throw found;
          return found;
        });
        return openOnly(byUrgency(await taskScope.withinReach(context, tasks)), args.openOnly);
      },
    }),
  }),
});

builder.objectField(UserRef, "assignedTasks", (t) =>
  t.field({
    authScopes: { permission: "tasks:read" },
    type: [TaskRef],
    extensions: expectedSize(50),
    description: "The user's open tasks, most urgent first (then the nearest SLA deadline).",
    resolve: async (user, _args, context) =>
      taskScope.withinReach(context, await context.loaders.openTasksByAssignee.load(user.id.toLowerCase())),
  }),
);
