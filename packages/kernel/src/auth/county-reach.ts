import { countyCodeOf, type Jurisdiction } from "@pap/core";
import { agreementOf } from "./partner-agreement";
import type { Principal } from "./principal";

/**
 * The counties whose records a caller reaches: `undefined` for every county (and state level), or
 * the FIPS codes of the counties their token names. Scoping is the deployment's choice
 * (COUNTY_SCOPING); under it only staff confined to counties are held: a state administrator, the
 * system and staff whose token names no county reach everything. An applicant is held to their own
 * records by other means, wherever those belong. A partner whose agreement names counties is held to
 * them whether or not the deployment scopes its staff: the agreement says so, not the deployment.
 */
export type CountyReach = readonly string[] | undefined;

export function countyReachOf(principal: Principal, jurisdiction: Jurisdiction): CountyReach {
  if (principal.counties.length === 0) return undefined;
  if (!jurisdiction.scoping && agreementOf(principal) === undefined) return undefined;
  if (principal.kind === "system" || principal.kind === "service_account" || principal.roles.includes("state_admin")) return undefined;
  return [...new Set(principal.counties.map((county) => countyCodeOf(county, jurisdiction.table) ?? county))];
}

/** Whether a record of this county (null: state level) is within reach. */
export const reaches = (reach: CountyReach, county: string | null | undefined): boolean =>
  reach === undefined || (county != null && reach.includes(county));

/** The county a record a caller creates without an anchor belongs to: their first county when they are confined (they could not reach it otherwise), else state level. */
export const homeCounty = (reach: CountyReach): string | null => reach?.[0] ?? null;

/** The list condition that keeps a caller's records within reach, on a table's `county` column (none when they reach all). */
export const countyCondition = (reach: CountyReach): { county?: { in: string[] } } =>
  reach === undefined ? {} : { county: { in: [...reach] } };
