import { defineSubgraph } from "@pap/kernel/domain";
import { workflowConfig } from "./config/deployment";
import { applicationReactions } from "./consumers/application-reactions";
import { interviewReactions } from "./consumers/interview-reactions";
import { timerReactions } from "./consumers/timer-reactions";
import { createContext } from "./context";
import { workflowDomain } from "./contract";
import { schema } from "./schema";
import { seedQueues } from "./seed";

export const subgraph = defineSubgraph(workflowDomain, {
  schema,
  createContext,
  seed: (services) => seedQueues(services.db, workflowConfig().queues),
  consumers: [
    timerReactions({ config: () => workflowConfig() }),
    applicationReactions({ config: () => workflowConfig() }),
    interviewReactions({ config: () => workflowConfig() }),
  ],
});
