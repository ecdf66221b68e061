import type { CallerContext } from "./caller";

/** The scope that ties a record to its reader: the record's person (`ownPerson`) or its creator (`owner`). */
type OwnScope = { ownPerson: string } | { owner: string };

/**
 * The scopes of a type whose records a caller reads all of with `permission`, or only its own with
 * `ownPermission`: however a record is reached (by id, in a list, through another record), an
 * own-records reader sees only their own. A caller already known to hold `permission` passes at once:
 * the scope map would otherwise be built and evaluated for every object of every page, a quarter of
 * the garbage a page of records left behind.
 */
export function allOrOwnRecords<Parent>(permission: string, ownPermission: string, own: (parent: Parent) => OwnScope) {
  return (parent: Parent, context: CallerContext) =>
    context.knownPermissions()?.has(permission) ? true : { $any: { permission, $all: { permission: ownPermission, ...own(parent) } } };
}
