import { isUuid, preconditionFailed, preconditionOf } from "@pap/core";
import type { RestRoute } from "@pap/kernel/rest";

/**
 * Whether the route changes a record that exists (PATCH, PUT, DELETE, or an action POSTed at a
 * record's path), as opposed to creating one (201): the changes If-Match holds to a version, and
 * REQUIRE_IF_MATCH requires it on.
 */
export const changesARecord = (route: RestRoute) =>
  ["PATCH", "PUT", "DELETE"].includes(route.method) ||
  (route.method === "POST" && route.path.includes("{") && !(route.answer.kind === "record" && route.answer.status === 201));

/**
 * The path parameter naming the record a change is aimed at: the last one of a PATCH, PUT or DELETE
 * at a record's own path, or of an action. A singleton's path (`…/household-info`) names its parent,
 * not itself: none.
 */
export function changedRecordParam(route: RestRoute): string | undefined {
  if (["PATCH", "PUT", "DELETE"].includes(route.method)) return /\{(\w+)\}$/.exec(route.path)?.[1];
  if (changesARecord(route)) return [...route.path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  return undefined;
}

/** An If-Match naming a version of another record than the one the request changes can never match: 412 before anything runs. */
export function refuseForeignIfMatch(ifMatch: string | undefined, changedId: string | undefined): void {
  if (ifMatch === undefined || changedId === undefined || !isUuid(changedId)) return;
  const precondition = preconditionOf(ifMatch);
  if (precondition && precondition.id !== changedId.toLowerCase())
    throw preconditionFailed("If-Match names a version of another record than the one this request changes.");
}
