// The plugins' builder methods (prismaObject, asEntity…) are type augmentations: load them here.
import type {} from "@pothos/plugin-federation";
import type {} from "@pothos/plugin-prisma";
import type {} from "@pothos/plugin-scope-auth";
import { createSubgraphBuilder } from "@pap/kernel/graphql";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { PlatformContext } from "./context";

export const builder = createSubgraphBuilder<PlatformContext, PrismaTypes>(getDatamodel());
builder.subscriptionType({});
