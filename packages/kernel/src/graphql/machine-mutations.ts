import { conflict } from "@pap/core";
import type { MachineCaller } from "../state-machine/machine";
import { actionEnumValue, actionFromEnumValue, actionMutationName, actionNamesOf, bodyFieldsOf, performActionField, performPartActionField, unnamedPartNote, type AnyMachine, type PartsAtParent } from "../state-machine";

type LooseArgBuilder = { id(options: object): unknown; int(options: object): unknown; float(options: object): unknown; boolean(options: object): unknown; string(options: object): unknown; (options: object): unknown };
type LooseRootBuilder = { field(options: object): unknown; arg: LooseArgBuilder };
type LooseBuilder = { enumType(name: string, options: object): unknown; mutationFields(fields: (t: LooseRootBuilder) => object): void };

/** What a domain gives for its machine's mutations: who may call them, and how one action runs. */
export type MachineMutations<Item, Context> = {
  machine: AnyMachine;
  /** The resource's GraphQL name (`Task`): the enum is `TaskAction`, the mutations `claimTask` and `performTaskAction`. */
  resourceName: string;
  ref: object;
  /** The auth scopes every action mutation needs; the machine then checks the caller's roles per action. */
  authScopes: object;
  /** Who acts, as the machine sees them; by default the request's principal. */
  caller?(context: Context): Promise<MachineCaller>;
  /** Runs the action (its row locked, its events recorded); `parentId` when the route names the record's parent. */
  perform(input: { id: string; action: string; caller: MachineCaller; body: Record<string, unknown>; parentId?: string }, context: Context): Promise<Item>;
  /** The name of the argument naming the record's parent, when it has one (`applicationId`). */
  parentArg?: string;
  /**
   * The actions run at the parent's path, as the specification's table writes them: a mutation
   * `perform<Parent><Resource>Action(<parentArg>: ID!, action, <partField>: ID, body)` answering the
   * parent. Which record it acts on (the one named, or the domain's choice) is the domain's to say.
   */
  viaParent?: PartsAtParent & {
    /** The parent's GraphQL name (`Application`) and type. */
    name: string;
    ref: object;
    perform(input: { parentId: string; partId?: string; action: string; caller: MachineCaller; body: Record<string, unknown> }, context: Context): Promise<unknown>;
  };
};

const given = (args: object, skipped: readonly string[]) =>
  Object.fromEntries(Object.entries(args).filter(([name, value]) => !skipped.includes(name) && value !== undefined && value !== null));

/**
 * A machine's mutations: one typed mutation per action (its body's fields as arguments, all optional:
 * which an action requires is the machine's to say, after the state and the caller's role), and
 * `perform<Resource>Action` taking the body as JSON, which the REST action paths call.
 */
export function machineMutations<Item, Context>(builderOf: object, spec: MachineMutations<Item, Context>): void {
  const builder = builderOf as LooseBuilder;
  const { machine, resourceName, parentArg } = spec;
  const actionEnum = builder.enumType(`${resourceName}Action`, {
    description: `The ${machine.resource} machine's actions, by their REST names with '-' written '_'.`,
    values: actionNamesOf(machine).map(actionEnumValue),
  });
  const parentArgs = (t: LooseRootBuilder) => (parentArg ? { [parentArg]: t.arg.id({ description: `The ${machine.resource}'s parent, when the path names it: another parent's record is not found.` }) } : {});
  const parentOf = (args: Record<string, unknown>) => (parentArg && args[parentArg] != null ? { parentId: String(args[parentArg]) } : {});
  const scalarArg = (t: LooseRootBuilder, { scalar, description }: { scalar: string; description?: string }) => {
    const options = description ? { description } : {};
    switch (scalar) {
      case "ID":
        return t.arg.id(options);
      case "Int":
        return t.arg.int(options);
      case "Float":
        return t.arg.float(options);
      case "Boolean":
        return t.arg.boolean(options);
      default:
        return t.arg.string(options);
    }
  };
  const callerOf = spec.caller ?? ((context: Context) => (context as { principal(): Promise<MachineCaller> }).principal());
  const partActionField = (t: LooseRootBuilder, via: NonNullable<MachineMutations<Item, Context>["viaParent"]>, parentName: string) => {
    const offered = via.actions ?? actionNamesOf(machine);
    return t.field({
      authScopes: spec.authScopes,
      type: via.ref,
      description: `Runs a ${machine.resource} action (${offered.join(", ")}) at its ${via.name.toLowerCase()}'s path, as the specification's table writes it, on the ${machine.resource} named by \`${via.partField}\`. Answers the ${via.name.toLowerCase()}.`,
      args: {
        [parentName]: t.arg.id({ required: true }),
        action: t.arg({ type: actionEnum, required: true }),
        // Optional in the schema whatever the rule, so that leaving it out reaches the domain's answer (its 422 lists the candidates).
        [via.partField]: t.arg.id({ description: `The ${machine.resource} to act on; ${unnamedPartNote(via, machine.resource)}.` }),
        body: t.arg({ type: "JSONObject" }),
      },
      resolve: async (_root: unknown, args: Record<string, unknown>, context: Context) => {
        const action = actionFromEnumValue(String(args.action));
        if (!offered.includes(action)) throw conflict(`Cannot ${action} a ${machine.resource} at its ${via.name.toLowerCase()}'s path.`);
        const partId = args[via.partField];
        return via.perform(
          { parentId: String(args[parentName]), ...(partId != null && { partId: String(partId) }), action, caller: await callerOf(context), body: (args.body as Record<string, unknown> | null) ?? {} },
          context,
        );
      },
    });
  };
  const run = async (context: Context, id: string, action: string, body: Record<string, unknown>, args: Record<string, unknown>) =>
    spec.perform({ id, action, caller: await callerOf(context), body, ...parentOf(args) }, context);

  const viaParent = spec.viaParent;
  builder.mutationFields((t) =>
    Object.fromEntries([
      ...(viaParent && parentArg ? [[performPartActionField(viaParent.name, resourceName), partActionField(t, viaParent, parentArg)]] : []),
      ...actionNamesOf(machine).map((action) => {
        const fields = bodyFieldsOf(machine, action);
        return [
          actionMutationName(action, resourceName),
          t.field({
            authScopes: spec.authScopes,
            type: spec.ref,
            description: `${machine.actions[action]!.description} (${resourceName} action \`${action}\`.)`,
            args: { id: t.arg.id({ required: true }), ...parentArgs(t), ...Object.fromEntries(fields.map((field) => [field.name, scalarArg(t, field)])) },
            resolve: (_root: unknown, args: Record<string, unknown>, context: Context) => run(context, String(args.id), action, given(args, ["id", ...(parentArg ? [parentArg] : [])]), args),
          }),
        ];
      }),
      [
        performActionField(resourceName),
        t.field({
          authScopes: spec.authScopes,
          type: spec.ref,
          description: `Runs a ${machine.resource} action by name with a JSON body, as the REST action paths do.`,
          args: { id: t.arg.id({ required: true }), action: t.arg({ type: actionEnum, required: true }), body: t.arg({ type: "JSONObject" }), ...parentArgs(t) },
          resolve: (_root: unknown, args: { id: string; action: string; body?: Record<string, unknown> | null }, context: Context) =>
            run(context, String(args.id), actionFromEnumValue(String(args.action)), args.body ?? {}, args),
        }),
      ],
    ]),
  );
}
