import { parseBody } from "../validation/body";
import { inputTypeOf } from "./resource-graph";
import type { ResourceDeclaration } from "../resource/declaration";
import type { Resource } from "../resource/resource";
import type { BodyOf } from "../resource/types";

type LooseArgBuilder = { id(options: object): unknown; (options: object): unknown };
type LooseRootBuilder = { field(options: object): unknown; arg: LooseArgBuilder };
type LooseBuilder = { queryField(name: string, field: (t: LooseRootBuilder) => unknown): void; mutationField(name: string, field: (t: LooseRootBuilder) => unknown): void };

/** What a domain gives for a record that exists at most once per parent (an application's interview). */
export type GraphSingleton<Item, Context, D extends ResourceDeclaration> = {
  resource: Resource<D>;
  ref: object;
  /** The argument naming the parent (`applicationId`). */
  parentArg: string;
  /** The record, null until first written; throws when the parent is missing or not the caller's to read. */
  load(parentId: string, context: Context): Promise<Item | null>;
  /** Changes the record, creating it on the first write. */
  write(parentId: string, body: BodyOf<D["fields"], "update">, context: Context): Promise<Item>;
  readScopes: object;
  writeScopes: object;
  /** How descriptions name it ("the application's interview"). */
  label: string;
  /** What the schema says of the fields, where the generic wording says too little. */
  descriptions?: { get?: string; update?: string };
};

/**
 * A singleton's root fields, by the convention `singletonRoutes` calls: `<resource>(<parent>)` and
 * `update<Resource>(<parent>, input)`, the input checked by the body REST uses.
 */
export function graphSingleton<Item, Context, const D extends ResourceDeclaration>(builderOf: object, spec: GraphSingleton<Item, Context, D>): void {
  const builder = builderOf as LooseBuilder;
  const { resource, parentArg } = spec;
  const input = inputTypeOf(builderOf, resource.declaration, "update");
  const named = spec.label.charAt(0).toUpperCase() + spec.label.slice(1);
  builder.queryField(resource.single, (t) =>
    t.field({
      type: spec.ref,
      nullable: true,
      authScopes: spec.readScopes,
      description: spec.descriptions?.get ?? `${named}: null until first written.`,
      args: { [parentArg]: t.arg.id({ required: true }) },
      resolve: (_root: unknown, args: Record<string, unknown>, context: Context) => spec.load(String(args[parentArg]), context),
    }),
  );
  builder.mutationField(`update${resource.name}`, (t) =>
    t.field({
      type: spec.ref,
      authScopes: spec.writeScopes,
      description: spec.descriptions?.update ?? `Changes ${spec.label}, creating it on the first write.`,
      args: { [parentArg]: t.arg.id({ required: true }), input: t.arg({ type: input, required: true }) },
      resolve: (_root: unknown, args: Record<string, unknown>, context: Context) =>
        spec.write(String(args[parentArg]), parseBody(resource.updateBody, resource.bodyFromInput(args.input as object)), context),
    }),
  );
}
