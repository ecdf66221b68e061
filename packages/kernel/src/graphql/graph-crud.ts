import { listArguments, defineListType } from "./list-fields";
import type { ListArgs, ListEnvelope } from "../list/spec";
import { parseBody } from "../validation/body";
import { inputTypeOf } from "./resource-graph";
import type { ResourceDeclaration } from "../resource/declaration";
import type { Resource } from "../resource/resource";
import type { BodyOf } from "../resource/types";

type Ref = object;
type LooseArgBuilder = { id(options: object): unknown; (options: object): unknown };
type LooseRootBuilder = { field(options: object): unknown; id(options: object): unknown; arg: LooseArgBuilder };
type LooseBuilder = {
  queryFields(fields: (t: LooseRootBuilder) => object): void;
  mutationFields(fields: (t: LooseRootBuilder) => object): void;
  asEntity(ref: Ref, options: object): void;
  selection(fields: string): unknown;
};

type Operation = "get" | "list" | "create" | "update" | "delete";

/** What a domain gives for its resource's root fields: how to read and write it; the rest is the resource's. */
export type GraphCrud<Item, Context, D extends ResourceDeclaration> = {
  resource: Resource<D>;
  /** The entity's object type (a Pothos ref). */
  ref: Ref;
  /** One record by id (through the request's loader), null when there is none. */
  load(id: string, context: Context): Promise<Item | null> | Item | null;
  /**
   * The record this one belongs to (an application's member): every root field takes its id under
   * `arg`, and a record of another parent is none (null, 404 over REST). The callbacks get that id.
   */
  parent?: { arg: string; of(record: Item): string };
  /** One page of the list. */
  page(args: ListArgs, context: Context, parentId: string): Promise<ListEnvelope<Item>>;
  create?(body: BodyOf<D["fields"], "create">, context: Context, parentId: string): Promise<Item>;
  update?(id: string, body: BodyOf<D["fields"], "update">, context: Context, parentId: string): Promise<Item>;
  /** Deletes for good; the mutation answers the id deleted. */
  delete?(id: string, context: Context, parentId: string): Promise<unknown>;
  /** The root fields made, when not all five (a record created by an upload has no JSON create). */
  only?: readonly Operation[];
  /**
   * Whose permissions guard it, when not its own plural's, and which of them each operation needs:
   * an application's members are read with `applications:read` and written with `applications:update`.
   */
  permissions?: string;
  actions?: Partial<Record<Operation, string>>;
  /**
   * Callers may hold a permission for their own records only (`applications:read:own`): the root
   * fields then admit them too, and the callbacks decide which records are theirs. A list names the
   * operations this holds for (a caller may read their own verifications, not create them).
   */
  ownRecords?: boolean | readonly Operation[];
  /** What the schema says of an operation, where the field name says too little. */
  descriptions?: Partial<Record<Operation, string>>;
};

/**
 * A resource's federated key and root fields, named and permissioned by the platform's convention:
 * `task(id)`, `tasks(q, sort, limit, offset)` with `tasks:read`; `createTask(input: TaskCreateInput!)`,
 * `updateTask(id, input: TaskUpdateInput!)`, `deleteTask(id)` with `tasks:create|update|delete`.
 * Inputs are checked by the same bodies REST uses, so both answer the same 422s.
 */
export function graphCrud<Item, Context, const D extends ResourceDeclaration>(builderOf: object, crud: GraphCrud<Item, Context, D>): void {
  const builder = builderOf as LooseBuilder;
  const { resource, ref } = crud;
  const single = resource.single;
  const prefix = crud.permissions ?? resource.plural;
  const permission = (operation: Operation) => {
    const action = crud.actions?.[operation] ?? (operation === "get" || operation === "list" ? "read" : operation);
    const own = Array.isArray(crud.ownRecords) ? crud.ownRecords.includes(operation) : crud.ownRecords === true && action !== "create";
    return own
      ? { $any: { permission: `${prefix}:${action}`, $all: { permission: `${prefix}:${action}:own` } } }
      : { permission: `${prefix}:${action}` };
  };
  const described = (operation: Operation) => (crud.descriptions?.[operation] ? { description: crud.descriptions[operation] } : {});
  const list = defineListType(builderOf as never, `${resource.name}List`, ref as never);
  const made = (operation: Operation) => !crud.only || crud.only.includes(operation);
  // Input types only for the writes made: one without fields (a record no body updates) is not valid GraphQL.
  const createInput = made("create") ? inputTypeOf(builderOf, resource.declaration, "create") : undefined;
  const parent = crud.parent;
  const parentArgs = (t: LooseRootBuilder) => (parent ? { [parent.arg]: t.arg.id({ required: true }) } : {});
  const parentOf = (args: object) => (parent ? String((args as Record<string, unknown>)[parent.arg]) : "");
  const inParent = async (record: Item | null, args: object) => (record && parent && parent.of(record) !== parentOf(args) ? null : record);
  const updateInput = made("update") ? inputTypeOf(builderOf, resource.declaration, "update") : undefined;

  builder.asEntity(ref, {
    key: builder.selection("id"),
    resolveReference: (reference: { id: string }, context: Context) => crud.load(reference.id, context),
  });

  builder.queryFields((t) => ({
    [single]: t.field({
      authScopes: permission("get"),
      type: ref,
      nullable: true,
      ...described("get"),
      args: { ...parentArgs(t), id: t.arg.id({ required: true }) },
      resolve: async (_root: unknown, args: { id: string | number }, context: Context) => inParent(await crud.load(String(args.id), context), args),
    }),
    [resource.plural]: t.field({
      authScopes: permission("list"),
      type: list,
      ...described("list"),
      args: { ...parentArgs(t), ...listArguments(t.arg as never) },
      resolve: (_root: unknown, args: ListArgs, context: Context) => crud.page(args, context, parentOf(args)),
    }),
  }));

  const writer = <F>(operation: Operation, write: F | undefined): F => {
    if (!write) throw new Error(`graphCrud for ${resource.name}: '${operation}' is made but has no callback`);
    return write;
  };
  const mutations = (t: LooseRootBuilder) => ({
    [`create${resource.name}`]: t.field({
      authScopes: permission("create"),
      type: ref,
      ...described("create"),
      args: { ...parentArgs(t), input: t.arg({ type: createInput, required: true }) },
      resolve: (_root: unknown, args: { input: object }, context: Context) =>
        writer("create", crud.create)(parseBody(resource.createBody, resource.bodyFromInput(args.input)), context, parentOf(args)),
    }),
    [`update${resource.name}`]: t.field({
      authScopes: permission("update"),
      type: ref,
      ...described("update"),
      args: { ...parentArgs(t), id: t.arg.id({ required: true }), input: t.arg({ type: updateInput, required: true }) },
      resolve: (_root: unknown, args: { id: string | number; input: object }, context: Context) =>
        writer("update", crud.update)(String(args.id), parseBody(resource.updateBody, resource.bodyFromInput(args.input)), context, parentOf(args)),
    }),
    [`delete${resource.name}`]: t.id({
      authScopes: permission("delete"),
      description: crud.descriptions?.delete ?? `Deletes the ${single} permanently; returns the id deleted.`,
      args: { ...parentArgs(t), id: t.arg.id({ required: true }) },
      resolve: async (_root: unknown, args: { id: string | number }, context: Context) => {
        const id = String(args.id);
        await writer("delete", crud.delete)(id, context, parentOf(args));
        return id;
      },
    }),
  });
  const names: Record<string, Operation> = { [`create${resource.name}`]: "create", [`update${resource.name}`]: "update", [`delete${resource.name}`]: "delete" };
  if ((["create", "update", "delete"] as const).some(made)) {
    builder.mutationFields((t) => Object.fromEntries(Object.entries(mutations(t)).filter(([name]) => made(names[name]!))));
  }
}
