import type { ArgBuilder, SchemaTypes } from "@pothos/core";
import type { ListEnvelope } from "../list/spec";

type LooseFieldBuilder = {
  field(options: object): unknown;
  int(options: object): unknown;
  boolean(options: object): unknown;
};

/**
 * The GraphQL face of the list envelope: `{ items, total, limit, offset, hasNext }`, one named type
 * per item type (`CaseList`, `PersonList`, …). Every list field of every subgraph uses this.
 */
export function defineListType<Types extends SchemaTypes, Item>(
  builder: PothosSchemaTypes.SchemaBuilder<Types>,
  name: string,
  item: { name: string } & object,
): PothosSchemaTypes.ObjectRef<Types, ListEnvelope<Item>> {
  const ref = builder.objectRef<ListEnvelope<Item>>(name);
  // Pothos cannot check field options against a builder whose schema types are still generic here;
  // the field set is fixed and small, so it is written against a structural view of the builder.
  (ref.implement as (options: object) => unknown)({
    description: `One page of ${item.name} records, with the total number of matches.`,
    fields: (t: LooseFieldBuilder) => ({
      items: t.field({ type: [item], nullable: false, resolve: (list: ListEnvelope<Item>) => list.items }),
      total: t.int({ nullable: false, description: "Number of records matching the filter.", resolve: (list: ListEnvelope<Item>) => list.total }),
      limit: t.int({ nullable: false, resolve: (list: ListEnvelope<Item>) => list.limit }),
      offset: t.int({ nullable: false, resolve: (list: ListEnvelope<Item>) => list.offset }),
      hasNext: t.boolean({ nullable: false, description: "More records follow this page.", resolve: (list: ListEnvelope<Item>) => list.hasNext }),
    }),
  });
  return ref;
}

/** The four list arguments, with the descriptions clients see in the schema. */
export function listArguments<Types extends SchemaTypes>(arg: ArgBuilder<Types>) {
  return {
    q: arg.string({ required: false, description: "Filter in the list query language (space-separated conditions, ANDed)." }),
    sort: arg.string({ required: false, description: "Comma-separated fields, '-' for descending." }),
    limit: arg.int({ required: false, description: "Page size, 1 to 100 (default 25)." }),
    offset: arg.int({ required: false, description: "Records to skip (default 0)." }),
  };
}
