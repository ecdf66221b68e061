/**
 * The twelve kinds of outside check the data-exchange domain makes, one route of the simulator each.
 * The names are the platform's own (the service call's `serviceType`), not any agency's.
 */
export const serviceTypes = [
  "fdsh_ssa",
  "fdsh_vlp",
  "fdsh_fti",
  "fdsh_medicare",
  "fdsh_vci",
  "ssa_ievs",
  "irs_ievs",
  "swica",
  "uib",
  "save",
  "enrollment_check",
  "incarceration_check",
] as const;

export type ServiceType = (typeof serviceTypes)[number];

const known: ReadonlySet<string> = new Set(serviceTypes);

export const isServiceType = (value: unknown): value is ServiceType => typeof value === "string" && known.has(value);
