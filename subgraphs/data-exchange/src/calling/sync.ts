import type { CatalogEntry } from "../config/catalog";
import { settleCall } from "../operations/outcomes";
import { onTheDriver, type CallRow, type DataExchangeWork } from "../operations/work";
import type { DataExchangeContext } from "../context";
import { askAgency, syncOutcome } from "./attempt";

/**
 * A synchronous call, made within its request after its submission committed: the agency has the
 * service's timeout in all (the adapter's retries included), then the call is timed out. Ended in the
 * request's name; should the request die first, its lease runs out and the outbox makes the call.
 */
export async function makeSyncCall(context: DataExchangeContext, call: CallRow, entry: CatalogEntry): Promise<CallRow> {
  const budget = AbortSignal.timeout(entry.endpoint.timeoutMs);
  const outcome = await askAgency(context.calling.makerFor(context.db), call, entry, budget);
  const settled = await onTheDriver(context, (work: DataExchangeWork) => settleCall(work, call.id, syncOutcome(outcome, budget.aborted)));
  return settled ?? (await context.db.externalServiceCall.findUniqueOrThrow({ where: { id: call.id } }));
}
