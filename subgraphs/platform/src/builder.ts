import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { PlatformContext } from "./context";

export const builder = createDomainBuilder<PlatformContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
