import type { Principal } from "./principal";
import { permissionsOf, type PermissionTable } from "./roles";

/**
 * What a caller may do under a domain's table: their roles' permissions, and what their token's scope
 * grants (`Principal.grants`). The roles' set is shared; it is copied only for a caller with grants.
 */
export function permissionsHeldBy(principal: Principal, table: PermissionTable): ReadonlySet<string> {
  const byRoles = permissionsOf(principal.roles, [table]);
  return principal.grants?.length ? new Set([...byRoles, ...principal.grants]) : byRoles;
}
