import { defineSubgraph } from "@pap/kernel/domain";
import { timerRequests } from "./consumers/timer-requests";
import { createContext } from "./context";
import { schedulingDomain } from "./contract";
import { schema } from "./schema";

/** The scheduling subgraph, given the other domains: a posted timer's callback may be any domain's declared event. */
export const subgraph = defineSubgraph(schedulingDomain, (domains) => ({
  schema,
  createContext,
  consumers: [timerRequests(domains.flatMap((domain) => (domain.events ? [domain.events] : [])))],
}));
