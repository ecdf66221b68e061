/**
 * A state's standard utility allowances (7 CFR 273.9(d)(6)(iii)), monthly dollars. Each state sets its
 * own: a deployment configures them (SNAP_SUA_HEATING_COOLING, SNAP_SUA_LIMITED). The defaults are
 * illustrative round figures, not any state's.
 */
export type UtilityAllowances = {
  /** The full allowance, for a household that pays for heating or cooling (or receives LIHEAP). */
  heatingCooling: number;
  /** The limited allowance, for a household with utility costs but no heating or cooling costs. */
  limited: number;
  /** Where the figures come from, reported in explanations. */
  source: string;
};

export const illustrativeUtilityAllowances: UtilityAllowances = {
  heatingCooling: 500,
  limited: 300,
  source: "illustrative defaults of the reference adapter (configure SNAP_SUA_HEATING_COOLING and SNAP_SUA_LIMITED)",
};

/** The allowances from the environment, each falling back to the illustrative default; a value that is not a non-negative number is refused. */
export function utilityAllowancesFromEnv(env: NodeJS.ProcessEnv = process.env): UtilityAllowances {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number of dollars, not '${raw}'.`);
    return value;
  };
  const configured = env.SNAP_SUA_HEATING_COOLING !== undefined || env.SNAP_SUA_LIMITED !== undefined;
  return {
    heatingCooling: read("SNAP_SUA_HEATING_COOLING", illustrativeUtilityAllowances.heatingCooling),
    limited: read("SNAP_SUA_LIMITED", illustrativeUtilityAllowances.limited),
    source: configured ? "configured (SNAP_SUA_HEATING_COOLING, SNAP_SUA_LIMITED)" : illustrativeUtilityAllowances.source,
  };
}
