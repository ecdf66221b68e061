import type { ArgBuilder, MaybePromise, SchemaTypes } from "@pothos/core";
import type { AuthScopeMap } from "@pothos/plugin-scope-auth";
import { preconditionFailed, preconditionOf } from "@pap/core";
import { builderMethods, type KernelContext, type KernelTypes } from "./builder-methods";
import { listArguments } from "./list-fields";
import type { ListArgs, ListEnvelope } from "../list/spec";
import { parseBody } from "../validation/body";
import "./resource-graph";
import type { ResourceDeclaration } from "../resource/declaration";
import type { Resource } from "../resource/resource";
import type { BodyOf } from "../resource/types";

type Operation = "get" | "list" | "create" | "update" | "delete";

/** What a domain gives for its resource's root fields: how to read and write it; the rest is the resource's. */
export type GraphCrud<Types extends SchemaTypes, Item, D extends ResourceDeclaration> = {
  resource: Resource<D>;
  /** The entity's object type. */
  ref: PothosSchemaTypes.ObjectRef<Types, Item>;
  /** One record by id (through the request's loader), null when there is none. */
  load(id: string, context: Types["Context"]): MaybePromise<Item | null>;
  /**
   * The record this one belongs to (an application's member): every root field takes its id under
   * `arg`, and a record of another parent is none (null, 404 over REST). The callbacks get that id.
   */
  parent?: { arg: string; of(record: Item): string };
  /** One page of the list. */
  page(args: ListArgs, context: Types["Context"], parentId: string): Promise<ListEnvelope<Item>>;
  create?(body: BodyOf<D["fields"], "create">, context: Types["Context"], parentId: string): Promise<Item>;
  update?(id: string, body: BodyOf<D["fields"], "update">, context: Types["Context"], parentId: string): Promise<Item>;
  /** Deletes for good; the mutation answers the id deleted. */
  delete?(id: string, context: Types["Context"], parentId: string): Promise<unknown>;
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

declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /**
       * A resource's federated key and root fields, named and permissioned by the platform's convention:
       * `task(id)`, `tasks(q, sort, limit, offset)` with `tasks:read`; `createTask(input: TaskCreateInput!)`,
       * `updateTask(id, input: TaskUpdateInput!)`, `deleteTask(id)` with `tasks:create|update|delete`.
       * Inputs are checked by the same bodies REST uses, so both answer the same 422s.
       */
      graphCrud<Item, const D extends ResourceDeclaration>(crud: GraphCrud<Types, Item, D>): void;
    }
  }
}

/** The version a change is held to, as its record's `etag` field gave it: refused (412) if the record has changed since. */
const ifMatchArg = (arg: ArgBuilder<KernelTypes>) =>
  arg.string({
    description: "The record's `etag` as read: the change is refused (PRECONDITION_FAILED, 412) if the record has changed since.",
  });

/** The write of the record `id`, held to the version `ifMatch` names when one is given (another record's is refused, as REST refuses it). */
async function heldTo<T>(context: KernelContext, id: string, ifMatch: string | null | undefined, write: () => Promise<T>): Promise<T> {
  if (ifMatch == null) return write();
  const precondition = preconditionOf(ifMatch);
  if (precondition && precondition.id !== id.toLowerCase())
    throw preconditionFailed("ifMatch names a version of another record than the one this mutation changes.");
  if (!context.holdingTo) throw new Error("this context cannot hold a change to a version");
  return context.holdingTo(ifMatch, write);
}

// Written for any record (Pothos cannot tell whether a record of a type parameter is a list); the signature above keeps the domain's type.
builderMethods.graphCrud = function graphCrud<const D extends ResourceDeclaration>(
  this: PothosSchemaTypes.SchemaBuilder<KernelTypes>,
  crud: GraphCrud<KernelTypes, unknown, D>,
) {
  const { resource, ref } = crud;
  const single = resource.single;
  const prefix = crud.permissions ?? resource.plural;
  const permission = (operation: Operation): AuthScopeMap<KernelTypes> => {
    const action = crud.actions?.[operation] ?? (operation === "get" || operation === "list" ? "read" : operation);
    const own = Array.isArray(crud.ownRecords) ? crud.ownRecords.includes(operation) : crud.ownRecords === true && action !== "create";
    return own
      ? { $any: { permission: `${prefix}:${action}`, $all: { permission: `${prefix}:${action}:own` } } }
      : { permission: `${prefix}:${action}` };
  };
  const described = (operation: Operation) => (crud.descriptions?.[operation] ? { description: crud.descriptions[operation] } : {});
  const list = this.defineListType(`${resource.name}List`, ref);
  const made = (operation: Operation) => !crud.only || crud.only.includes(operation);
  // Input types only for the writes made: one without fields (a record no body updates) is not valid GraphQL.
  const createInput = made("create") ? this.inputTypeOf(resource.declaration, "create") : undefined;
  const parent = crud.parent;
  const parentArgs = (arg: ArgBuilder<KernelTypes>) => (parent ? { [parent.arg]: arg.id({ required: true }) } : {});
  const parentOf = (args: Record<string, unknown>) => (parent ? String(args[parent.arg]) : "");
  const inParent = (record: unknown, args: Record<string, unknown>) =>
    record && parent && parent.of(record) !== parentOf(args) ? null : record;
  const updateInput = made("update") ? this.inputTypeOf(resource.declaration, "update") : undefined;
  const writer = <F>(operation: Operation, write: F | undefined): F => {
    if (!write) throw new Error(`graphCrud for ${resource.name}: '${operation}' is made but has no callback`);
    return write;
  };

  this.asEntity(ref, {
    key: this.selection<{ id: string }>("id"),
    resolveReference: function resolveReference(reference, context) {
      return crud.load(reference.id, context);
    },
  });

  this.queryFields((t) => ({
    [single]: t.field({
      authScopes: permission("get"),
      type: ref,
      nullable: true,
      ...described("get"),
      args: { ...parentArgs(t.arg), id: t.arg.id({ required: true }) },
      resolve: async function getOne(_root, args, context) {
        return inParent(await crud.load(String(args.id), context), args);
      },
    }),
    [resource.plural]: t.field({
      authScopes: permission("list"),
      type: list,
      ...described("list"),
      args: { ...parentArgs(t.arg), ...listArguments(t.arg) },
      resolve: function listPage(_root, args, context) {
        return crud.page(args, context, parentOf(args));
      },
    }),
  }));

  if ((["create", "update", "delete"] as const).some(made)) {
    this.mutationFields((t) => ({
      ...(createInput && {
        [`create${resource.name}`]: t.field({
          authScopes: permission("create"),
          type: ref,
          ...described("create"),
          args: { ...parentArgs(t.arg), input: t.arg({ type: createInput, required: true }) },
          resolve: function createOne(_root, args, context) {
            return writer("create", crud.create)(
              parseBody(resource.createBody, resource.bodyFromInput(args.input)),
              context,
              parentOf(args),
            );
          },
        }),
      }),
      ...(updateInput && {
        [`update${resource.name}`]: t.field({
          authScopes: permission("update"),
          type: ref,
          ...described("update"),
          args: {
            ...parentArgs(t.arg),
            id: t.arg.id({ required: true }),
            input: t.arg({ type: updateInput, required: true }),
            ifMatch: ifMatchArg(t.arg),
          },
          resolve: function updateOne(_root, args, context) {
            const update = () =>
              writer("update", crud.update)(
                String(args.id),
                parseBody(resource.updateBody, resource.bodyFromInput(args.input)),
                context,
                parentOf(args),
              );
            return heldTo(context, String(args.id), args.ifMatch, update);
          },
        }),
      }),
      ...(made("delete") && {
        [`delete${resource.name}`]: t.id({
          authScopes: permission("delete"),
          description: crud.descriptions?.delete ?? `Deletes the ${single} permanently; returns the id deleted.`,
          args: { ...parentArgs(t.arg), id: t.arg.id({ required: true }), ifMatch: ifMatchArg(t.arg) },
          resolve: async function deleteOne(_root, args, context) {
            const id = String(args.id);
            await heldTo(context, id, args.ifMatch, () => writer("delete", crud.delete)(id, context, parentOf(args)));
            return id;
          },
        }),
      }),
    }));
  }
};
