import { builder } from "../builder";
import { inTransaction } from "../context";
import { taskMachine, mutationNameOf } from "../domain/task-machine";
import { transitionTask } from "../operations/tasks";
import { machineCaller, TaskRef } from "./task";

const actionNames = Object.keys(taskMachine.actions);
const TaskAction = builder.enumType("TaskAction", {
  description: "The task machine's actions, by their REST names (claim, await-client …) with '-' written '_'.",
  values: actionNames.map((name) => name.replace(/-/g, "_")),
});

/** The GraphQL argument for each body field an action may take. */
const argumentFor = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0], field: string) => {
  switch (field) {
    case "priority":
      return t.arg.int({ description: "1 to 4." });
    case "createFollowUp":
      return t.arg.boolean({ description: "Open a pending copy of the task as it completes." });
    case "assignedToId":
    case "queueId":
    case "causationid":
      return t.arg.id();
    default:
      return t.arg.string();
  }
};

const bodyFieldsOf = (action: string): string[] => Object.keys((taskMachine.actions[action]!.body as { shape?: object } | undefined)?.shape ?? {});


const defined = (args: object) => Object.fromEntries(Object.entries(args).filter(([name, value]) => name !== "id" && value !== undefined && value !== null));

builder.mutationFields((t) =>
  Object.fromEntries([
    // The typed mutations. Their arguments are all optional in the schema: which ones an action requires
    // is checked by the machine after the state and the caller's role, so a wrong state answers 409
    // whatever the body, as the contract orders it.
    ...actionNames.map((action) => [
      mutationNameOf(action),
      t.field({
        authScopes: { permission: "tasks:act" },
        type: TaskRef,
        description: `${taskMachine.actions[action]!.description} (Task action \`${action}\`.)`,
        args: { id: t.arg.id({ required: true }), ...Object.fromEntries(bodyFieldsOf(action).map((field) => [field, argumentFor(t, field)])) },
        resolve: async (_root, args, context) => {
          const caller = await machineCaller(context);
          return inTransaction(context, (work) => transitionTask(work, String(args.id), action, caller, defined(args)));
        },
      }),
    ]),
    // One field for any action with its body as given: what the REST action paths call, so that a
    // malformed body is judged by the machine (422 after 409/403), not by GraphQL's input coercion.
    [
      "performTaskAction",
      t.field({
        authScopes: { permission: "tasks:act" },
        type: TaskRef,
        description: "Runs a task action by name with a JSON body, as the REST action paths do.",
        args: { id: t.arg.id({ required: true }), action: t.arg({ type: TaskAction, required: true }), body: t.arg({ type: "JSONObject" }) },
        resolve: async (_root, args, context) => {
          const caller = await machineCaller(context);
          const action = String(args.action).replace(/_/g, "-");
          return inTransaction(context, (work) => transitionTask(work, String(args.id), action, caller, args.body ?? {}));
        },
      }),
    ],
  ]),
);
