import type { DomainServices } from "@pap/events";
import type { Logger } from "@pap/core";
import { defineSubgraph } from "@pap/kernel/domain";
import { startOutbox } from "./calling/outbox";
import { callingProcess } from "./calling/process";
import { callWindows } from "./consumers/call-windows";
import { contextFactory } from "./context";
import { dataExchangeDomain } from "./contract";
import { schema } from "./schema";
import { seedCatalog } from "./seed";

/**
 * The data-exchange subgraph: the service catalog, the calls and their outbox worker (which runs in
 * every process hosting the domain), and the timers that time calls out. The other domains' doors to
 * the facts agencies need are handed to its adapters.
 */
export const subgraph = defineSubgraph(dataExchangeDomain, (others) => {
  const calling = callingProcess(others.flatMap((domain) => domain.sensitiveSources ?? []));
  return {
    schema,
    createContext: contextFactory(calling),
    seed: (services: DomainServices) => seedCatalog(services.db, calling.settings().catalog),
    background: (services: DomainServices, logger: Logger) => {
      const outbox = startOutbox(services, calling.makerFor(services.db), { logger, clock: services.eventRuntime.settings.clock });
      return {
        get done() {
          return outbox.done;
        },
        stop: async () => {
          await outbox.stop();
          calling.adapters.dispose();
        },
      };
    },
    consumers: [callWindows()],
  };
});
