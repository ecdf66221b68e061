import type { CallMode, ServiceType } from "../domain/vocabulary";

/** Where a catalog entry's agency answers, and how it is called: configuration only, never shown by the API. */
export type ServiceEndpoint = {
  url: string;
  /** How long one attempt may take before it is abandoned (and retried, if the budget allows). */
  timeoutMs: number;
  /** The environment variable holding the credential sent to the agency, if it needs one (never stored, never logged). */
  credentialEnvVar?: string;
  /** The header the credential goes in: `Authorization` (as a bearer token) unless said. */
  credentialHeader?: string;
};

/** A catalog entry as configuration states it. */
export type ServiceDefinition = {
  id: string;
  name: string;
  serviceType: ServiceType;
  defaultCallMode: CallMode;
  programs: readonly string[];
  /** The kind of record its calls are made for, where its adapter fetches their sensitive inputs. */
  requestingResourceType: string;
  source: "system" | "user";
  /** How long a pending call waits for an answer before it is timed_out; the deployment's default unless said. */
  windowSeconds?: number;
  /** The agency's address; the deployment's agency base URL (`/agencies/<serviceType>` under it) unless said. */
  endpoint?: ServiceEndpoint;
};

/** Calls about a person on an application (identity, citizenship, lawful presence, federal records). */
export const MEMBERS = "intake/applications/members";
/** Calls about one income record of an application (income verification). */
export const INCOMES = "intake/applications/incomes";

/**
 * The eleven services every deployment starts with (configuration §2): fixed ids, asynchronous by
 * default. The catalog has no `fdsh_vci` entry although the type exists; a deployment adds one.
 */
export const seededServices: readonly ServiceDefinition[] = [
  {
    id: "65b5d4d9-3578-4a58-a4bd-c404ca380e08",
    name: "SSA Composite via FDSH",
    serviceType: "fdsh_ssa",
    programs: ["snap", "medicaid"],
    requestingResourceType: MEMBERS,
  },
  {
    id: "4ecf1b2f-3559-4956-9c74-184588905f7a",
    name: "Verify Lawful Presence via FDSH",
    serviceType: "fdsh_vlp",
    programs: ["medicaid"],
    requestingResourceType: MEMBERS,
  },
  {
    id: "17a43588-336e-475b-bec9-fb676b581053",
    name: "IRS Federal Tax Information via FDSH",
    serviceType: "fdsh_fti",
    programs: ["medicaid"],
    requestingResourceType: MEMBERS,
  },
  {
    id: "72bcaca1-270e-4329-9910-d01086f05cde",
    name: "Medicare Enrollment via FDSH",
    serviceType: "fdsh_medicare",
    programs: ["medicaid"],
    requestingResourceType: MEMBERS,
  },
  {
    id: "e248ab46-b470-40cb-95a9-472288d3a06b",
    name: "SSA SVES/SOLQ via IEVS",
    serviceType: "ssa_ievs",
    programs: ["snap", "medicaid"],
    requestingResourceType: INCOMES,
  },
  {
    id: "8960e213-b9d0-4efb-a65e-7df4a65bb26c",
    name: "IRS Unearned Income via IEVS",
    serviceType: "irs_ievs",
    programs: ["snap"],
    requestingResourceType: INCOMES,
  },
  {
    id: "6b2b03b0-dc9b-4122-a9de-138960bb610f",
    name: "State Wage Information (SWICA)",
    serviceType: "swica",
    programs: ["snap"],
    requestingResourceType: INCOMES,
  },
  {
    id: "4d29b8b1-8b5d-4bf5-b98c-2a88fb6bdc69",
    name: "Unemployment Insurance Benefits",
    serviceType: "uib",
    programs: ["snap"],
    requestingResourceType: INCOMES,
  },
  {
    id: "9efdf5fd-b335-41a5-9393-4c91979a3e9f",
    name: "USCIS SAVE",
    serviceType: "save",
    programs: ["medicaid"],
    requestingResourceType: MEMBERS,
  },
  {
    id: "23b2df6a-193c-4a1b-b59a-703919912918",
    name: "Interstate Enrollment Check",
    serviceType: "enrollment_check",
    programs: [],
    requestingResourceType: MEMBERS,
  },
  {
    id: "ab22559a-3c58-4468-9d36-dbfc72cb23f7",
    name: "SSA Incarceration Check",
    serviceType: "incarceration_check",
    programs: [],
    requestingResourceType: MEMBERS,
  },
].map((entry) => ({
  ...entry,
  serviceType: entry.serviceType as ServiceType,
  defaultCallMode: "async" as const,
  source: "system" as const,
}));
