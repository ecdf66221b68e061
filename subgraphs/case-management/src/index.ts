import { defineSubgraph } from "@pap/kernel/domain";
import { approvalReactions } from "./consumers/approvals";
import { createContext } from "./context";
import { caseManagementDomain } from "./contract";
import { schema } from "./schema";

/** The case-management subgraph: cases, and the cases approved applications open (its reaction to intake). */
export const subgraph = defineSubgraph(caseManagementDomain, { schema, createContext, consumers: [approvalReactions()] });
