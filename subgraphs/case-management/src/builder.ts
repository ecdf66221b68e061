import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { CaseManagementContext } from "./context";

export const builder = createDomainBuilder<CaseManagementContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
