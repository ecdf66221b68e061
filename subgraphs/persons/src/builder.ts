import { createDomainBuilder, type BuilderTypes } from "@pap/kernel/domain";
import { getDatamodel, type PrismaTypes } from "@pap/db";
import type { PersonsContext } from "./context";

export const builder = createDomainBuilder<PersonsContext, PrismaTypes>(getDatamodel());
export type Types = BuilderTypes<typeof builder>;
