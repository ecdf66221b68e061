import SchemaBuilder from "@pothos/core";
import DirectivesPlugin from "@pothos/plugin-directives";
import FederationPlugin from "@pothos/plugin-federation";
import PrismaPlugin from "@pothos/plugin-prisma";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import { addSharedScalars, type SharedScalars } from "@pap/kernel";
import type { CaseManagementContext } from "./db";

export const builder = new SchemaBuilder<{
  Context: CaseManagementContext;
  PrismaTypes: PrismaTypes;
  Scalars: SharedScalars;
  DefaultFieldNullability: false;
}>({
  plugins: [PrismaPlugin, DirectivesPlugin, FederationPlugin],
  defaultFieldNullability: false,
  prisma: { client: (context) => context.db, dmmf: getDatamodel() },
});

addSharedScalars(builder as never);
builder.queryType({});
builder.mutationType({});

/** The builder's resolved schema types, for the few refs that need an explicit type annotation. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
