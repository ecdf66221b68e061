import type { DomainContract } from "@pap/kernel/domain";
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

/**
 * Every domain of the platform, registered once, in the order their REST operations are listed.
 * Importing this builds no GraphQL schema: the REST surface reads the domains' contracts, and the
 * graph's processes load each subgraph from it (`subgraphs.ts`). Adding a domain is adding it here.
 */
export const domains: readonly DomainContract[] = [
  platformDomain,
  personsDomain,
  caseManagementDomain,
  schedulingDomain,
  identityDomain,
  workflowDomain,
  intakeDomain,
  eligibilityDomain,
  dataExchangeDomain,
  documentManagementDomain,
];
