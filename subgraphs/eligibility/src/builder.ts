import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { EligibilityContext } from "./context";

export const builder = createDomainBuilder<EligibilityContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
