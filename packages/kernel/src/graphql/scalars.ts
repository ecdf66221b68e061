import { GraphQLScalarType } from "graphql";
import { DateResolver, DateTimeResolver, JSONObjectResolver, JSONResolver } from "graphql-scalars";

/**
 * graphql-scalars' DateTime serializes to a Date object, which becomes ISO text only when the result
 * is turned into JSON. Serialized here as the text itself, a result is the same value whether it
 * crossed the gateway (as JSON) or was read straight from a subgraph in the same process.
 */
const DateTime = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize: (value) => {
    // The common case, a valid Date read from the database, without the resolver's checks of text and numbers.
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
    const serialized = DateTimeResolver.serialize(value) as Date | string;
    return serialized instanceof Date ? serialized.toISOString() : serialized;
  },
});

/**
 * The scalars every subgraph shares. They must be identical in each subgraph for composition, so they
 * are declared once here; `Scalars` is the matching Pothos typing.
 */
export const sharedScalars = {
  DateTime,
  Date: DateResolver,
  JSON: JSONResolver,
  JSONObject: JSONObjectResolver,
} as const;

/** A value the `JSON` scalar carries. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type SharedScalars = {
  DateTime: { Input: Date; Output: Date | string };
  Date: { Input: Date; Output: Date | string };
  JSON: { Input: unknown; Output: unknown };
  JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
};
