import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { IntakeContext } from "./context";

export const builder = createDomainBuilder<IntakeContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
