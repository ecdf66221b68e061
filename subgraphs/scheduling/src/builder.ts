import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { SchedulingContext } from "./context";

export const builder = createDomainBuilder<SchedulingContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
