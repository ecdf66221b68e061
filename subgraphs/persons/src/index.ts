import { defineSubgraph } from "@pap/kernel/domain";
import { applicationMatching } from "./consumers/application-matching";
import { createContext } from "./context";
import { personsDomain } from "./contract";
import { refreshMatchKeys } from "./operations/matching";
import { schema } from "./schema";

export const subgraph = defineSubgraph(personsDomain, {
  schema,
  createContext,
  // Before the consumers start: matching must find every person by keys made with this process's secret.
  seed: async (services) => {
    await refreshMatchKeys(services.db);
  },
  consumers: [applicationMatching()],
});
