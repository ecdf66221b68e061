import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { CommunicationContext } from "./context";

export const builder = createDomainBuilder<CommunicationContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
