import { DateResolver, DateTimeResolver, JSONObjectResolver, JSONResolver } from "graphql-scalars";

/**
 * The scalars every subgraph shares. They must be identical in each subgraph for composition, so they
 * are declared once here; `Scalars` is the matching Pothos typing.
 */
export const sharedScalars = {
  DateTime: DateTimeResolver,
  Date: DateResolver,
  JSON: JSONResolver,
  JSONObject: JSONObjectResolver,
} as const;

export type SharedScalars = {
  DateTime: { Input: Date; Output: Date | string };
  Date: { Input: Date; Output: Date | string };
  JSON: { Input: unknown; Output: unknown };
  JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
};

/** Registers the shared scalars on a Pothos builder (kept structural so the kernel needs no Pothos types). */
export function addSharedScalars(builder: { addScalarType(name: never, scalar: never, options?: object): unknown }): void {
  for (const [name, scalar] of Object.entries(sharedScalars)) {
    (builder.addScalarType as (name: string, scalar: unknown, options: object) => unknown)(name, scalar, {});
  }
}
