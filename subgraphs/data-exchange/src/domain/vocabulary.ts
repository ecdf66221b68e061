/** The words of the data-exchange contract (resources.md §6), said once. */

/** The kinds of outside service (the spec's neutral tokens `hub_<a>` … in order). */
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

export const callModes = ["async", "sync"] as const;
export type CallMode = (typeof callModes)[number];

export const callStatuses = ["pending", "completed", "failed", "timed_out"] as const;
export type CallStatus = (typeof callStatuses)[number];

/** What an agency's answer says: the subject verified, not verified, or in part. (`error` is the adapter contract's word for a failed call.) */
export const callResults = ["conclusive", "inconclusive", "partial"] as const;
export type CallResult = (typeof callResults)[number];

export const failureReasons = ["connection_error", "service_error", "authentication_error"] as const;
export type FailureReason = (typeof failureReasons)[number];

export { metadataNamespaces, type MetadataNamespace } from "@pap/kernel/resource";

export const isServiceType = (value: unknown): value is ServiceType => serviceTypes.includes(value as ServiceType);
