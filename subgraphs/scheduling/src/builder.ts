// The plugins' builder methods (prismaObject, asEntity, externalRef…) are type augmentations: load them here.
import type {} from "@pothos/plugin-federation";
import type {} from "@pothos/plugin-prisma";
import type {} from "@pothos/plugin-scope-auth";
import { createSubgraphBuilder } from "@pap/kernel/graphql";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { SchedulingContext } from "./context";

export const builder = createSubgraphBuilder<SchedulingContext, PrismaTypes>(getDatamodel());

/** The builder's resolved schema types, for the few refs that need an explicit type annotation. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
builder.subscriptionType({});
