import type { ArgBuilder, SchemaTypes } from "@pothos/core";
import type { AuthScopeMap } from "@pothos/plugin-scope-auth";
import { builderMethods, type KernelTypes } from "./builder-methods";
import { parseBody } from "../validation/body";
import "./resource-graph";
import type { ResourceDeclaration } from "../resource/declaration";
import type { Resource } from "../resource/resource";
import type { BodyOf } from "../resource/types";

/** What a domain gives for a record that exists at most once per parent (an application's interview). */
export type GraphSingleton<Types extends SchemaTypes, Item, D extends ResourceDeclaration> = {
  resource: Resource<D>;
  ref: PothosSchemaTypes.ObjectRef<Types, Item>;
  /** The argument naming the parent (`applicationId`). */
  parentArg: string;
  /** The record, null until first written; throws when the parent is missing or not the caller's to read. */
  load(parentId: string, context: Types["Context"]): Promise<Item | null>;
  /** Changes the record, creating it on the first write. */
  write(parentId: string, body: BodyOf<D["fields"], "update">, context: Types["Context"]): Promise<Item>;
  readScopes: AuthScopeMap<Types>;
  writeScopes: AuthScopeMap<Types>;
  /** How descriptions name it ("the application's interview"). */
  label: string;
  /** What the schema says of the fields, where the generic wording says too little. */
  descriptions?: { get?: string; update?: string };
};

declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /**
       * A singleton's root fields, by the convention `singletonRoutes` calls: `<resource>(<parent>)` and
       * `update<Resource>(<parent>, input)`, the input checked by the body REST uses.
       */
      graphSingleton<Item, const D extends ResourceDeclaration>(spec: GraphSingleton<Types, Item, D>): void;
    }
  }
}

// Written for any record (Pothos cannot tell whether a record of a type parameter is a list); the signature above keeps the domain's type.
builderMethods.graphSingleton = function graphSingleton<const D extends ResourceDeclaration>(
  this: PothosSchemaTypes.SchemaBuilder<KernelTypes>,
  spec: GraphSingleton<KernelTypes, unknown, D>,
) {
  const { resource, parentArg } = spec;
  const input = this.inputTypeOf(resource.declaration, "update");
  const named = spec.label.charAt(0).toUpperCase() + spec.label.slice(1);
  const parentArgs = (arg: ArgBuilder<KernelTypes>) => ({ [parentArg]: arg.id({ required: true }) });
  const parentOf = (args: Record<string, unknown>) => String(args[parentArg]);
  this.queryField(resource.single, (t) =>
    t.field({
      type: spec.ref,
      nullable: true,
      authScopes: spec.readScopes,
      description: spec.descriptions?.get ?? `${named}: null until first written.`,
      args: parentArgs(t.arg),
      resolve: function getSingleton(_root, args, context) {
        return spec.load(parentOf(args), context);
      },
    }),
  );
  this.mutationField(`update${resource.name}`, (t) =>
    t.field({
      type: spec.ref,
      authScopes: spec.writeScopes,
      description: spec.descriptions?.update ?? `Changes ${spec.label}, creating it on the first write.`,
      args: { ...parentArgs(t.arg), input: t.arg({ type: input, required: true }) },
      resolve: function writeSingleton(_root, args, context) {
        return spec.write(parentOf(args), parseBody(resource.updateBody, resource.bodyFromInput(args.input)), context);
      },
    }),
  );
};
