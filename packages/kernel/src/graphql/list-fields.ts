import type { ArgBuilder, SchemaTypes } from "@pothos/core";
import type { ListEnvelope } from "../list/spec";
import { builderMethods, type KernelTypes } from "./builder-methods";

declare global {
  export namespace PothosSchemaTypes {
    export interface SchemaBuilder<Types extends SchemaTypes> {
      /**
       * The GraphQL face of the list envelope: `{ items, total, limit, offset, hasNext }`, one named type
       * per item type (`CaseList`, `PersonList`, …). Every list field of every subgraph uses this.
       */
      defineListType<Item>(name: string, item: ObjectRef<Types, Item>): ObjectRef<Types, ListEnvelope<Item>>;
    }
  }
}

builderMethods.defineListType = function defineListType<Item>(
  this: PothosSchemaTypes.SchemaBuilder<KernelTypes>,
  name: string,
  item: PothosSchemaTypes.ObjectRef<KernelTypes, Item>,
) {
  return this.objectRef<ListEnvelope<Item>>(name).implement({
    description: `One page of ${item.name} records, with the total number of matches.`,
    fields: (t) => ({
      items: t.field({ type: [item], nullable: false, resolve: (list) => list.items }),
      total: t.int({ nullable: false, description: "Number of records matching the filter.", resolve: (list) => list.total }),
      limit: t.int({ nullable: false, resolve: (list) => list.limit }),
      offset: t.int({ nullable: false, resolve: (list) => list.offset }),
      hasNext: t.boolean({ nullable: false, description: "More records follow this page.", resolve: (list) => list.hasNext }),
    }),
  });
};

/** The four list arguments, with the descriptions clients see in the schema. */
export function listArguments<Types extends SchemaTypes>(arg: ArgBuilder<Types>) {
  return {
    q: arg.string({ required: false, description: "Filter in the list query language (space-separated conditions, ANDed)." }),
    sort: arg.string({ required: false, description: "Comma-separated fields, '-' for descending." }),
    limit: arg.int({ required: false, description: "Page size, 1 to 100 (default 25)." }),
    offset: arg.int({ required: false, description: "Records to skip (default 0)." }),
  };
}
