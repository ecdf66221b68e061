import { countyScope } from "@pap/kernel/auth";
import type { DataExchangeContext } from "../context";

/**
 * County scoping for service calls (docs/county-scoping.md): a call belongs to its requesting
 * record's county (a member, a verification, an application: the database sets it at submission,
 * `countyOfNewRecord` refuses a caller one out of reach), and one out of the caller's reach is not
 * found, however it is asked for.
 */
export const serviceCallScope = countyScope<DataExchangeContext>("ServiceCall", (context, id) =>
  context.db.externalServiceCall.findUnique({ where: { id }, select: { county: true } }),
);
