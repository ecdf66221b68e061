import type { ArgBuilder, SchemaTypes } from "@pothos/core";
import type { AuthScopeMap } from "@pothos/plugin-scope-auth";
import { conflict } from "@pap/core";
import type { MachineCaller } from "../state-machine/machine";
import {
  actionEnumValue,
  actionFromEnumValue,
  actionMutationName,
  actionNamesOf,
  bodyFieldsOf,
  performActionField,
  performPartActionField,
  unnamedPartNote,
  type AnyMachine,
  type PartsAtParent,
} from "../state-machine";
import type { CallerContext } from "../auth/caller";
import { builderMethods, type ContextHas, type KernelContext, type KernelTypes } from "./builder-methods";

/** What a domain gives for its machine's mutations: who may call them, and how one action runs. */
export type MachineMutations<Types extends SchemaTypes, Item, Parent = unknown> = {
  machine: AnyMachine;
  /** The resource's GraphQL name (`Task`): the enum is `TaskAction`, the mutations `claimTask` and `performTaskAction`. */
  resourceName: string;
  ref: PothosSchemaTypes.ObjectRef<Types, Item>;
  /** The auth scopes every action mutation needs; the machine then checks the caller's roles per action. */
  authScopes: AuthScopeMap<Types>;
  /** Who acts, as the machine sees them; by default the request's principal. */
  caller?(context: Types["Context"]): Promise<MachineCaller>;
  /** Runs the action (its row locked, its events recorded); `parentId` when the route names the record's parent. */
  perform(
    input: { id: string; action: string; caller: MachineCaller; body: Record<string, unknown>; parentId?: string },
    context: Types["Context"],
  ): Promise<Item>;
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
    ref: PothosSchemaTypes.ObjectRef<Types, Parent>;
    perform(
      input: { parentId: string; partId?: string; action: string; caller: MachineCaller; body: Record<string, unknown> },
      context: Types["Context"],
    ): Promise<Parent>;
  };
};

const given = (args: object, skipped: readonly string[]) =>
  Object.fromEntries(Object.entries(args).filter(([name, value]) => !skipped.includes(name) && value !== undefined && value !== null));

declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /**
       * A machine's mutations: one typed mutation per action (its body's fields as arguments, all optional:
       * which an action requires is the machine's to say, after the state and the caller's role), and
       * `perform<Resource>Action` taking the body as JSON, which the REST action paths call.
       */
      machineMutations<Item, Parent = unknown>(spec: MachineMutations<Types, Item, Parent> & ContextHas<Types, CallerContext>): void;
    }
  }
}

// Written for any record (Pothos cannot tell whether a record of a type parameter is a list); the signature above keeps the domain's type.
builderMethods.machineMutations = function machineMutations(
  this: PothosSchemaTypes.SchemaBuilder<KernelTypes>,
  spec: MachineMutations<KernelTypes, unknown, unknown>,
) {
  const { machine, resourceName, parentArg } = spec;
  const actionEnum = this.enumType(`${resourceName}Action`, {
    description: `The ${machine.resource} machine's actions, by their REST names with '-' written '_'.`,
    values: actionNamesOf(machine).map(actionEnumValue),
  });
  const parentArgs = (arg: ArgBuilder<KernelTypes>) =>
    parentArg
      ? {
          [parentArg]: arg.id({
            description: `The ${machine.resource}'s parent, when the path names it: another parent's record is not found.`,
          }),
        }
      : {};
  const parentOf = (args: Record<string, unknown>) => (parentArg && args[parentArg] != null ? { parentId: String(args[parentArg]) } : {});
  const scalarArg = (arg: ArgBuilder<KernelTypes>, { scalar, description }: { scalar: string; description?: string }) => {
    const options = description ? { description } : {};
    switch (scalar) {
      case "ID":
        return arg.id(options);
      case "Int":
        return arg.int(options);
      case "Float":
        return arg.float(options);
      case "Boolean":
        return arg.boolean(options);
      default:
        return arg.string(options);
    }
  };
  const callerOf = spec.caller ?? ((context: KernelContext) => context.principal());
  const run = async (context: KernelContext, id: string, action: string, body: Record<string, unknown>, args: Record<string, unknown>) =>
    spec.perform({ id, action, caller: await callerOf(context), body, ...parentOf(args) }, context);

  const viaParent = spec.viaParent;
  this.mutationFields((t) => {
    const partActionField = (via: NonNullable<typeof viaParent>, parentName: string) => {
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
        resolve: async function performAtParent(_root, args: Record<string, unknown>, context) {
          const action = actionFromEnumValue(String(args.action));
          if (!offered.includes(action)) throw conflict(`Cannot ${action} a ${machine.resource} at its ${via.name.toLowerCase()}'s path.`);
          const partId = args[via.partField];
          const body = args.body;
          return via.perform(
            {
              parentId: String(args[parentName]),
              ...(partId != null && { partId: String(partId) }),
              action,
              caller: await callerOf(context),
              body: isRecord(body) ? body : {},
            },
            context,
          );
        },
      });
    };
    return Object.fromEntries([
      ...(viaParent && parentArg ? [[performPartActionField(viaParent.name, resourceName), partActionField(viaParent, parentArg)]] : []),
      ...actionNamesOf(machine).map((action) => {
        const fields = bodyFieldsOf(machine, action);
        return [
          actionMutationName(action, resourceName),
          t.field({
            authScopes: spec.authScopes,
            type: spec.ref,
            description: `${machine.actions[action]!.description} (${resourceName} action \`${action}\`.)`,
            args: {
              id: t.arg.id({ required: true }),
              ...parentArgs(t.arg),
              ...Object.fromEntries(fields.map((field) => [field.name, scalarArg(t.arg, field)])),
            },
            resolve: function performAction(_root, args: Record<string, unknown>, context) {
              return run(context, String(args.id), action, given(args, ["id", ...(parentArg ? [parentArg] : [])]), args);
            },
          }),
        ];
      }),
      [
        performActionField(resourceName),
        t.field({
          authScopes: spec.authScopes,
          type: spec.ref,
          description: `Runs a ${machine.resource} action by name with a JSON body, as the REST action paths do.`,
          args: {
            id: t.arg.id({ required: true }),
            action: t.arg({ type: actionEnum, required: true }),
            body: t.arg({ type: "JSONObject" }),
            ...parentArgs(t.arg),
          },
          resolve: function performNamedAction(_root, args, context) {
            return run(context, String(args.id), actionFromEnumValue(String(args.action)), args.body ?? {}, args);
          },
        }),
      ],
    ]);
  });
};

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
