import { countyScope } from "@pap/kernel/auth";
import type { DataExchangeContext } from "../context";

/**
 * County scoping for service calls (docs/county-scoping.md): a call belongs to its requesting
 * record's county (a member, a verification, an application: the database sets it at submission,
 * `countyOfNewRecord` refuses a caller one out of reach), and one out of the caller's reach is not
 * found, however it is asked for. A partner (docs/partner-scoping.md) reaches the calls made to the
 * services of its agreement's programs.
 */
export const serviceCallScope = countyScope<DataExchangeContext>(
  "ServiceCall",
  (context, id) => context.db.externalServiceCall.findUnique({ where: { id }, select: { county: true } }),
  {
    condition: (programs) => ({ service: { programs: { hasSome: programs } } }),
    programsOf: async (context, id) =>
      (await context.db.externalServiceCall.findUnique({ where: { id }, select: { service: { select: { programs: true } } } }))?.service
        .programs ?? [],
  },
);
