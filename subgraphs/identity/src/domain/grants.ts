import { ApiError } from "@pap/core";
import { roleWithInherited, roles, type Principal, type Role } from "@pap/kernel/auth";

/**
 * Guards on account administration beyond the permission itself, so that holding users:create or
 * users:update never lets an administrator reach further than their own grants:
 * - roles: an administrator grants only roles they hold or inherit (a county administrator may make
 *   supervisors and case workers, not state administrators or the system account), plus `applicant`;
 *   a state administrator grants any role;
 * - counties: an administrator whose token names counties manages only accounts within them;
 * - self: nobody changes their own roles or status, or deactivates themselves (no self-promotion,
 *   no locking oneself out).
 */
const refuse = (message: string, field: string, detail: string) => new ApiError(403, "FORBIDDEN", message, [{ field, message: detail }]);

const isStateAdmin = (caller: Principal) => caller.roles.includes("state_admin");

export function grantableRoles(caller: Principal): Set<Role> {
  if (isStateAdmin(caller)) return new Set(roles);
  return new Set<Role>(["applicant", ...caller.roles.flatMap(roleWithInherited)]);
}

export function checkRolesGrantable(caller: Principal, requested: readonly string[]): void {
  const grantable = grantableRoles(caller);
  const beyond = requested.filter((role) => !grantable.has(role as Role));
  if (beyond.length) {
    throw refuse(
      `Your roles do not let you grant ${beyond.map((role) => `'${role}'`).join(", ")}.`,
      "roles",
      `may grant only: ${[...grantable].join(", ")}`,
    );
  }
}

/** Whether the caller is confined to counties (a state administrator, or a token without counties, is not). */
const countyScope = (caller: Principal): ReadonlySet<string> | undefined =>
  isStateAdmin(caller) || caller.counties.length === 0 ? undefined : new Set(caller.counties);

export function checkCountiesAssignable(caller: Principal, counties: readonly string[]): void {
  const scope = countyScope(caller);
  const outside = scope ? counties.filter((county) => !scope.has(county)) : [];
  if (outside.length)
    throw refuse(
      `You may assign only your own counties; not ${outside.join(", ")}.`,
      "counties",
      `may assign only: ${[...scope!].join(", ")}`,
    );
}

/** An account is within a county-scoped administrator's reach when all its counties are theirs (and it has some). */
export function checkAccountInScope(caller: Principal, account: { counties: readonly string[] }): void {
  const scope = countyScope(caller);
  if (!scope) return;
  if (account.counties.length === 0 || account.counties.some((county) => !scope.has(county))) {
    throw refuse("This account is outside the counties you administer.", "counties", `you administer: ${[...scope].join(", ")}`);
  }
}

export const isSelf = (caller: Principal, account: { id: string; idpSubject: string }) =>
  caller.id === account.id || (caller.subject !== undefined && caller.subject === account.idpSubject);

export function checkNotOwnGrants(caller: Principal, account: { id: string; idpSubject: string }, changing: readonly string[]): void {
  const grants = changing.filter((field) => ["role", "roles", "status", "counties"].includes(field));
  if (grants.length && isSelf(caller, account)) {
    throw refuse(
      "You cannot change your own roles, status or counties; another administrator must.",
      grants[0]!,
      "not allowed on your own account",
    );
  }
}
