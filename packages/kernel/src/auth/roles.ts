/** The roles a user may hold (SPEC §5): the only ones a credential can carry or an account be granted. */
export const roles = ["applicant", "case_worker", "supervisor", "county_admin", "state_admin", "partner_readonly", "system"] as const;
export type AccountRole = (typeof roles)[number];

/**
 * Roles held only by the platform's own components, in process, never by a credential: authentication
 * reads roles with `isRole`, which knows none of these, so no token or proxy header can claim one, and
 * state_admin's "every permission" stops short of what only they are granted. `agency_adapter` is the
 * data-exchange adapters reading the facts agencies match on (issue 17): a system token must not.
 */
export const serviceRoles = ["agency_adapter"] as const;
export type Role = AccountRole | (typeof serviceRoles)[number];

export const isRole = (value: unknown): value is AccountRole => typeof value === "string" && (roles as readonly string[]).includes(value);

/**
 * The staff hierarchy: each role holds every permission of the roles it inherits
 * (state_admin > county_admin > supervisor > case_worker). Applicants, partners and the system
 * account stand apart and hold only what is granted to them by name.
 */
const inherits: Record<Role, readonly Role[]> = {
  applicant: [],
  case_worker: [],
  supervisor: ["case_worker"],
  county_admin: ["supervisor"],
  state_admin: ["county_admin", "partner_readonly"],
  partner_readonly: [],
  system: [],
  agency_adapter: [],
};

/** The roles whose grants a role holds: itself and everything it inherits. */
export function roleWithInherited(role: Role): Role[] {
  const seen = new Set<Role>();
  const visit = (current: Role) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const parent of inherits[current]) visit(parent);
  };
  visit(role);
  return [...seen];
}

/**
 * One domain's permissions: each permission (`{resource}:{action}`) and the roles granted it
 * directly. Domains declare theirs beside their code; the platform's table is their union.
 */
export type PermissionTable = Readonly<Record<string, readonly Role[]>>;

// Callers hold a handful of role combinations, and every request asks what one of them may do under
// one domain's table: the answer is worked out once per table and combination.
const grantsByTable = new WeakMap<PermissionTable, Map<string, ReadonlySet<string>>>();

/** Every permission the given roles hold under the tables, inherited grants included. The set is shared: read it, never change it. */
export function permissionsOf(heldRoles: readonly Role[], tables: readonly PermissionTable[]): ReadonlySet<string> {
  if (tables.length !== 1) return grantedUnder(heldRoles, tables);
  const table = tables[0]!;
  let byRoles = grantsByTable.get(table);
  if (!byRoles) grantsByTable.set(table, (byRoles = new Map()));
  const key = heldRoles.join(",");
  let granted = byRoles.get(key);
  if (!granted) {
    granted = grantedUnder(heldRoles, tables);
    // Roles come from credentials; a bound keeps invented combinations from growing the map without end.
    if (byRoles.size >= 1000) byRoles.clear();
    byRoles.set(key, granted);
  }
  return granted;
}

function grantedUnder(heldRoles: readonly Role[], tables: readonly PermissionTable[]): Set<string> {
  const effective = new Set(heldRoles.flatMap(roleWithInherited));
  const granted = new Set<string>();
  for (const table of tables) {
    for (const [permission, grantedTo] of Object.entries(table)) {
      // state_admin holds every permission there is, but those granted to service roles alone.
      const serviceOnly = grantedTo.length > 0 && !grantedTo.some(isRole);
      if ((effective.has("state_admin") && !serviceOnly) || grantedTo.some((role) => effective.has(role))) granted.add(permission);
    }
  }
  return granted;
}
