import { listArguments, defineListType } from "../graphql/list-fields";
import type { ListArgs, ListEnvelope } from "../list/spec";
import { parseBody } from "../validation/body";
import { inputTypeOf } from "./graph";
import type { ResourceDeclaration } from "./declaration";
import type { Resource } from "./resource";
import type { BodyOf } from "./types";

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
  /** One page of the list. */
  page(args: ListArgs, context: Context): Promise<ListEnvelope<Item>>;
  create(body: BodyOf<D["fields"], "create">, context: Context): Promise<Item>;
  update(id: string, body: BodyOf<D["fields"], "update">, context: Context): Promise<Item>;
  /** Deletes for good; the mutation answers the id deleted. */
  delete(id: string, context: Context): Promise<unknown>;
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
  const single = resource.name.charAt(0).toLowerCase() + resource.name.slice(1);
  const permission = (action: string) => ({ permission: `${resource.plural}:${action}` });
  const described = (operation: Operation) => (crud.descriptions?.[operation] ? { description: crud.descriptions[operation] } : {});
  const list = defineListType(builderOf as never, `${resource.name}List`, ref as never);
  const createInput = inputTypeOf(builderOf, resource.declaration, "create");
  const updateInput = inputTypeOf(builderOf, resource.declaration, "update");

  builder.asEntity(ref, {
    key: builder.selection("id"),
    resolveReference: (reference: { id: string }, context: Context) => crud.load(reference.id, context),
  });

  builder.queryFields((t) => ({
    [single]: t.field({
      authScopes: permission("read"),
      type: ref,
      nullable: true,
      ...described("get"),
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root: unknown, args: { id: string | number }, context: Context) => crud.load(String(args.id), context),
    }),
    [resource.plural]: t.field({
      authScopes: permission("read"),
      type: list,
      ...described("list"),
      args: listArguments(t.arg as never),
      resolve: (_root: unknown, args: ListArgs, context: Context) => crud.page(args, context),
    }),
  }));

  builder.mutationFields((t) => ({
    [`create${resource.name}`]: t.field({
      authScopes: permission("create"),
      type: ref,
      ...described("create"),
      args: { input: t.arg({ type: createInput, required: true }) },
      resolve: (_root: unknown, args: { input: object }, context: Context) => crud.create(parseBody(resource.createBody, resource.bodyFromInput(args.input)), context),
    }),
    [`update${resource.name}`]: t.field({
      authScopes: permission("update"),
      type: ref,
      ...described("update"),
      args: { id: t.arg.id({ required: true }), input: t.arg({ type: updateInput, required: true }) },
      resolve: (_root: unknown, args: { id: string | number; input: object }, context: Context) =>
        crud.update(String(args.id), parseBody(resource.updateBody, resource.bodyFromInput(args.input)), context),
    }),
    [`delete${resource.name}`]: t.id({
      authScopes: permission("delete"),
      description: crud.descriptions?.delete ?? `Deletes the ${single} permanently; returns the id deleted.`,
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_root: unknown, args: { id: string | number }, context: Context) => {
        const id = String(args.id);
        await crud.delete(id, context);
        return id;
      },
    }),
  }));
}
