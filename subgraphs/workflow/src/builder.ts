import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { WorkflowContext } from "./context";

export const builder = createDomainBuilder<WorkflowContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
