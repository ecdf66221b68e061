import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { IdentityContext } from "./context";

export const builder = createDomainBuilder<IdentityContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
