import type { Principal } from "./principal";
import type { Role } from "./roles";

/**
 * A partner's data-sharing agreement, as its credential carries it: the programs whose records it
 * may read, and whether it may see personal identifiers (SSNs, dates of birth, what the deployment
 * names sensitive). Its counties, when it names some, are the credential's `counties` (county-reach.ts).
 */
export type Agreement = { programs: readonly string[]; sharesIdentifiers: boolean };

// A caller who also holds one of these is staff (or the platform) and reads as its role says.
const unbound: ReadonlySet<Role> = new Set(["case_worker", "supervisor", "county_admin", "state_admin", "system", "agency_adapter"]);

/**
 * The agreement a caller reads under: none for staff and the platform; for a partner, what its
 * credential names. A partner whose credential names no program reads no program's records, and one
 * that does not say it shares identifiers sees none: an agreement grants, never its absence.
 */
export function agreementOf(principal: Principal): Agreement | undefined {
  if (!principal.roles.includes("partner_readonly") || principal.roles.some((role) => unbound.has(role))) return undefined;
  return { programs: principal.programs ?? [], sharesIdentifiers: principal.sharesIdentifiers === true };
}

/** Whether a record of these programs is within the agreement (always, for a caller under none). */
export const coversPrograms = (agreement: Agreement | undefined, programs: readonly string[]): boolean =>
  agreement === undefined || programs.some((program) => agreement.programs.includes(program));

// Asked for every sensitive field a page shows: answered once per caller.
const shownIdentifiers = new WeakMap<Principal, boolean>();

/** Whether the caller is shown personal identifiers: everyone but a partner whose agreement withholds them. */
export function seesIdentifiers(principal: Principal): boolean {
  let sees = shownIdentifiers.get(principal);
  if (sees === undefined) shownIdentifiers.set(principal, (sees = agreementOf(principal)?.sharesIdentifiers ?? true));
  return sees;
}
