import type { ConsumerDefinition, DomainServices } from "@pap/events";
import type { SensitiveSource, SubgraphDefinition } from "@pap/kernel/domain";
import { startOutbox } from "./calling/outbox";
import { callingProcess } from "./calling/process";
import { callWindows } from "./consumers/call-windows";
import { contextFactory, type DataExchangeContext } from "./context";
import { dataExchangeEvents } from "./domain/events";
import { dataExchangePermissions } from "./domain/permissions";
import { schema } from "./schema";
import { seedCatalog } from "./seed";

export * from "./contract";

/**
 * The data-exchange subgraph: the service catalog, the calls and their outbox worker (which runs in
 * every process hosting the domain), and the timers that time calls out. `sources` are the other
 * domains' doors to the facts agencies need.
 */
export function dataExchangeSubgraph(sources: readonly SensitiveSource[]): SubgraphDefinition<DomainServices, DataExchangeContext> & { consumers: readonly ConsumerDefinition[] } {
  const calling = callingProcess(sources);
  return {
    name: "data-exchange",
    schema,
    createContext: contextFactory(calling),
    events: dataExchangeEvents,
    permissions: dataExchangePermissions,
    seed: (services) => seedCatalog(services.db, calling.settings().catalog),
    background: (services, logger) => {
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
}
