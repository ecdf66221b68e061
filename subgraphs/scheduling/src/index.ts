import { defineSubgraph } from "@pap/kernel/domain";
import { createContext } from "./context";
import { schedulingDomain } from "./contract";
import { schema } from "./schema";

export const subgraph = defineSubgraph(schedulingDomain, { schema, createContext });
