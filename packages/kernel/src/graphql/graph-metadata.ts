import type { Principal } from "../auth";
import { namespaceOf, requireNamespaceOwner, type MetadataNamespace } from "../resource/metadata-namespaces";

type LooseRootBuilder = { field(options: object): unknown; arg: { id(options: object): unknown; string(options: object): unknown; (options: object): unknown } };
type LooseBuilder = { mutationFields(fields: (t: LooseRootBuilder) => object): void };

/**
 * `set<Name>Metadata(id, domain, value)` and `remove<Name>Metadata(id, domain)` for a record whose
 * metadata is kept per domain namespace: the namespace must be one of the six and the caller its
 * owner; `write` replaces it (`value`) or removes it (null), with its event, and answers the record.
 */
export function metadataNamespaceMutations<Context extends { principal(): Promise<Principal> }>(
  builderOf: object,
  options: { name: string; ref: object; permission: string; record: string; write(context: Context, id: string, domain: MetadataNamespace, value: Record<string, unknown> | null): Promise<unknown> },
): void {
  const builder = builderOf as LooseBuilder;
  const { name, ref, permission, record, write } = options;
  const owned = async (context: Context, domain: string) => {
    const namespace = namespaceOf(domain);
    requireNamespaceOwner(await context.principal(), namespace, record);
    return namespace;
  };
  builder.mutationFields((t) => ({
    [`set${name}Metadata`]: t.field({
      authScopes: { permission },
      type: ref,
      description: `Replaces one metadata namespace of a ${record} (the caller's own domain's), leaving the others.`,
      args: { id: t.arg.id({ required: true }), domain: t.arg.string({ required: true }), value: t.arg({ type: "JSONObject", required: true }) },
      resolve: async (_root: unknown, args: { id: string | number; domain: string; value: unknown }, context: Context) =>
        write(context, String(args.id), await owned(context, args.domain), args.value as Record<string, unknown>),
    }),
    [`remove${name}Metadata`]: t.field({
      authScopes: { permission },
      type: ref,
      description: `Removes one metadata namespace of a ${record} (the caller's own domain's).`,
      args: { id: t.arg.id({ required: true }), domain: t.arg.string({ required: true }) },
      resolve: async (_root: unknown, args: { id: string | number; domain: string }, context: Context) => write(context, String(args.id), await owned(context, args.domain), null),
    }),
  }));
}
