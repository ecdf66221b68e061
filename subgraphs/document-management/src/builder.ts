import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { DocumentManagementContext } from "./context";

export const builder = createDomainBuilder<DocumentManagementContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
