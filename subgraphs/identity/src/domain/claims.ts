import { ApiError } from "@pap/core";
import { isRole, permissionsOf, type AccountRole, type PermissionTable } from "@pap/kernel/auth";
import type { User } from "@pap/db";

/** A role with what it grants across the platform (the User and TokenClaims `Role` object). */
export type RoleGrant = { name: AccountRole; permissions: string[] };

/** Each role the account holds, with its permissions under every domain's table (inherited grants included). */
export function roleGrants(roleNames: readonly string[], catalog: readonly PermissionTable[]): RoleGrant[] {
  return roleNames.filter(isRole).map((name) => ({ name, permissions: [...permissionsOf([name], catalog)].sort() }));
}

type Account = Pick<
  User,
  | "id"
  | "idpSubject"
  | "email"
  | "name"
  | "roles"
  | "status"
  | "counties"
  | "programs"
  | "sharesIdentifiers"
  | "organizationId"
  | "personId"
>;

/**
 * What the identity provider embeds in a user's token at login: the account's id, its roles and the
 * permissions they add up to, its county scope, a partner's data-sharing agreement, and its own person record. Only an active account gets claims; a pending,
 * suspended or deactivated one is refused, so it cannot sign in with its old grants.
 */
export function tokenClaimsFor(account: Account | null, subject: string, catalog: readonly PermissionTable[]) {
  if (!account) throw new ApiError(404, "NOT_FOUND", `No user is linked to the identity-provider subject '${subject}'.`);
  if (account.status !== "active") {
    throw new ApiError(404, "NOT_FOUND", `The user linked to '${subject}' is ${account.status}, so it gets no claims.`, [
      { field: "status", message: `is ${account.status}` },
    ]);
  }
  const roles = roleGrants(account.roles, catalog);
  return {
    sub: account.idpSubject,
    userId: account.id,
    role: roles[0]?.name ?? null,
    roles,
    permissions: [
      ...permissionsOf(
        roles.map((role) => role.name),
        catalog,
      ),
    ].sort(),
    counties: account.counties,
    /** A partner's agreement (partner-agreement.ts): the programs it reads, and whether it sees identifiers. */
    programs: account.programs,
    sharesIdentifiers: account.sharesIdentifiers,
    organizationId: account.organizationId,
    /** An applicant's own person record: what their `:own` permissions reach. */
    personId: account.personId,
    email: account.email,
    name: account.name,
  };
}
