import type { PrismaClient } from "@pap/db";
import type { SubgraphDefinition } from "@pap/kernel";
import { createContext, type PersonsContext } from "./db";
import { schema } from "./schema";

export { personBody, personListSpec } from "./domain/person";

export const personsSubgraph: SubgraphDefinition<PrismaClient, PersonsContext> = { name: "persons", schema, createContext };
