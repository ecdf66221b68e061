import { countyOfRecord } from "@pap/db";
import { countyScope, homeCounty, reaches } from "@pap/kernel/auth";
import { notFound } from "@pap/core";
import type { DataExchangeContext } from "../context";

/**
 * County scoping for service calls (docs/county-scoping.md): a call belongs to its requesting
 * record's county (a member, a verification, an application: the database sets it at submission),
 * and one out of the caller's reach is not found, however it is asked for.
 */
export const serviceCallScope = countyScope<DataExchangeContext>("ServiceCall", (context, id) =>
  context.db.externalServiceCall.findUnique({ where: { id }, select: { county: true } }),
);

/**
 * Before a caller submits a call: a requesting record out of their reach is not found (as reading it
 * would be); the county a call for a record no county places takes (the caller's, when confined).
 */
export async function countyOfSubmission(context: DataExchangeContext, requestingResourceId: string): Promise<string | null> {
  const reach = await context.countyReach();
  if (reach === undefined) return null;
  const requesting = await countyOfRecord(context.db, requestingResourceId);
  if (requesting.known && !reaches(reach, requesting.county)) throw notFound("Requesting resource", requestingResourceId);
  return homeCounty(reach);
}
