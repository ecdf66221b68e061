import type { DomainContract } from "@pap/kernel";
import { restContract as caseManagement } from "@pap/case-management/contract";
import { restContract as identity } from "@pap/identity/contract";
import { restContract as persons } from "@pap/persons/contract";
import { restContract as platform } from "@pap/platform/contract";
import { restContract as scheduling } from "@pap/scheduling/contract";
import { restContract as workflow } from "@pap/workflow/contract";

/**
 * The domains whose REST surface the platform serves, by their contracts alone (no subgraph schema
 * is built by importing these), in the order their operations are listed.
 */
export const domainContracts: readonly DomainContract[] = [platform, persons, caseManagement, scheduling, identity, workflow];
