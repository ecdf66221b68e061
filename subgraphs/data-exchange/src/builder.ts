import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { DataExchangeContext } from "./context";

export const builder = createDomainBuilder<DataExchangeContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
