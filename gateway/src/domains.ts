import { registered, type DomainContract, type RegisteredDomain } from "@pap/kernel/domain";
import { caseManagementDomain } from "@pap/case-management/contract";
import { dataExchangeDomain } from "@pap/data-exchange/contract";
import { documentManagementDomain } from "@pap/document-management/contract";
import { eligibilityDomain } from "@pap/eligibility/contract";
import { identityDomain } from "@pap/identity/contract";
import { intakeDomain } from "@pap/intake/contract";
import { personsDomain } from "@pap/persons/contract";
import { platformDomain } from "@pap/platform/contract";
import { schedulingDomain } from "@pap/scheduling/contract";
import { workflowDomain } from "@pap/workflow/contract";
import type { PlatformSubgraph } from "./platform-subgraph";

/**
 * Every domain of the platform, registered once, in the order their REST operations are listed: its
 * contract, and its package's main entry, required only when a process loads the subgraphs
 * (`subgraphs.ts`). Importing this builds no GraphQL schema. Adding a domain is adding its line here.
 */
export const registry: readonly RegisteredDomain<PlatformSubgraph>[] = [
  registered(platformDomain, () => require("@pap/platform") as typeof import("@pap/platform")),
  registered(personsDomain, () => require("@pap/persons") as typeof import("@pap/persons")),
  registered(caseManagementDomain, () => require("@pap/case-management") as typeof import("@pap/case-management")),
  registered(schedulingDomain, () => require("@pap/scheduling") as typeof import("@pap/scheduling")),
  registered(identityDomain, () => require("@pap/identity") as typeof import("@pap/identity")),
  registered(workflowDomain, () => require("@pap/workflow") as typeof import("@pap/workflow")),
  registered(intakeDomain, () => require("@pap/intake") as typeof import("@pap/intake")),
  registered(eligibilityDomain, () => require("@pap/eligibility") as typeof import("@pap/eligibility")),
  registered(dataExchangeDomain, () => require("@pap/data-exchange") as typeof import("@pap/data-exchange")),
  registered(documentManagementDomain, () => require("@pap/document-management") as typeof import("@pap/document-management")),
];

/** The registered domains' contracts: what the REST surface and the tools read. */
export const domains: readonly DomainContract[] = registry.map((entry) => entry.contract);
