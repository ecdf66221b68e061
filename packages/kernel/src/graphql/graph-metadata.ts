import type { SchemaTypes } from "@pothos/core";
import type { Principal } from "../auth";
import { builderMethods, type ContextHas, type KernelTypes } from "./builder-methods";
import { namespaceOf, requireNamespaceOwner, type MetadataNamespace } from "../resource/metadata-namespaces";

/** What a domain gives for a record whose metadata is kept per domain namespace. */
export type MetadataNamespaceMutations<Types extends SchemaTypes, Item> = {
  /** The record's GraphQL name (`Document`): the mutations are `setDocumentMetadata` and `removeDocumentMetadata`. */
  name: string;
  ref: PothosSchemaTypes.ObjectRef<Types, Item>;
  permission: string;
  /** How descriptions and refusals name the record ("document"). */
  record: string;
  /** Replaces the namespace (`value`) or removes it (null), with its event; answers the record. */
  write(context: Types["Context"], id: string, domain: MetadataNamespace, value: Record<string, unknown> | null): Promise<Item>;
};

declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /**
       * `set<Name>Metadata(id, domain, value)` and `remove<Name>Metadata(id, domain)` for a record whose
       * metadata is kept per domain namespace: the namespace must be one of the six and the caller its
       * owner; `write` replaces it (`value`) or removes it (null), with its event, and answers the record.
       */
      metadataNamespaceMutations<Item>(
        options: MetadataNamespaceMutations<Types, Item> & ContextHas<Types, { principal(): Promise<Principal> }>,
      ): void;
    }
  }
}

// Written for any record (Pothos cannot tell whether a record of a type parameter is a list); the signature above keeps the domain's type.
builderMethods.metadataNamespaceMutations = function metadataNamespaceMutations(
  this: PothosSchemaTypes.SchemaBuilder<KernelTypes>,
  options: MetadataNamespaceMutations<KernelTypes, unknown>,
) {
  const { name, ref, permission, record, write } = options;
  const owned = async (context: { principal(): Promise<Principal> }, domain: string) => {
    const namespace = namespaceOf(domain);
    requireNamespaceOwner(await context.principal(), namespace, record);
    return namespace;
  };
  this.mutationFields((t) => ({
    [`set${name}Metadata`]: t.field({
      authScopes: { permission },
      type: ref,
      description: `Replaces one metadata namespace of a ${record} (the caller's own domain's), leaving the others.`,
      args: {
        id: t.arg.id({ required: true }),
        domain: t.arg.string({ required: true }),
        value: t.arg({ type: "JSONObject", required: true }),
      },
      resolve: async function setMetadata(_root, args, context) {
        return write(context, String(args.id), await owned(context, args.domain), args.value);
      },
    }),
    [`remove${name}Metadata`]: t.field({
      authScopes: { permission },
      type: ref,
      description: `Removes one metadata namespace of a ${record} (the caller's own domain's).`,
      args: { id: t.arg.id({ required: true }), domain: t.arg.string({ required: true }) },
      resolve: async function removeMetadata(_root, args, context) {
        return write(context, String(args.id), await owned(context, args.domain), null);
      },
    }),
  }));
};
