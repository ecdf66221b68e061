import SchemaBuilder from "@pothos/core";
import DirectivesPlugin from "@pothos/plugin-directives";
import FederationPlugin from "@pothos/plugin-federation";
import PrismaPlugin, { type PothosPrismaDatamodel } from "@pothos/plugin-prisma";
import { addSharedScalars, type SharedScalars } from "./scalars";

/**
 * The plugin set and defaults every domain subgraph is built with: Prisma-backed objects, federation
 * keys, the shared scalars, non-null by default, and empty Query/Mutation roots to extend. Each
 * subgraph's `builder.ts` calls this with its context type and the generated Prisma types.
 */
export function createSubgraphBuilder<Context extends { db: object }, PrismaTypes extends object>(datamodel: PothosPrismaDatamodel) {
  const builder = new SchemaBuilder<{
    Context: Context;
    PrismaTypes: PrismaTypes;
    Scalars: SharedScalars;
    DefaultFieldNullability: false;
  }>({
    plugins: [PrismaPlugin, DirectivesPlugin, FederationPlugin],
    defaultFieldNullability: false,
    prisma: { client: (context: Context) => context.db as never, dmmf: datamodel },
  });
  addSharedScalars(builder as never);
  builder.queryType({});
  builder.mutationType({});
  return builder;
}
