import type { AnyConfigSection } from "@pap/core";
import { exportedContract, registered, type DomainContract, type RegisteredDomain } from "@pap/kernel/domain";
import type { PlatformSubgraph } from "./platform-subgraph";

/**
 * Every domain of the platform, by name, in the order their REST operations are listed. Adding a
 * domain is its folder under `subgraphs/` (the package `@pap/<name>`), its name here, and
 * `npm run workspace:sync` (which makes the gateway depend on it).
 */
const domainNames = [
  "platform",
  "persons",
  "case-management",
  "scheduling",
  "identity",
  "workflow",
  "intake",
  "eligibility",
  "data-exchange",
  "document-management",
  "communication",
] as const;

/**
 * A domain package as the registry pairs it: the contract its `/contract` entry exports (read at once;
 * it is plain data), and its main entry's `subgraph`, required only when a process loads the
 * subgraphs (`subgraphs.ts`), since loading one builds its GraphQL schema.
 */
function domainPackage(name: string): RegisteredDomain<PlatformSubgraph> {
  const packageName = `@pap/${name}`;
  const contract = exportedContract(packageName, name, require(`${packageName}/contract`));
  return registered(contract, () => require(packageName));
}

export const registry: readonly RegisteredDomain<PlatformSubgraph>[] = domainNames.map(domainPackage);

/** The registered domains' contracts: what the REST surface and the tools read. */
export const domains: readonly DomainContract[] = registry.map((entry) => entry.contract);

/** The sections of the deployment's configuration file the registered domains read (PLATFORM_CONFIG). */
export const configSections: readonly AnyConfigSection[] = domains.flatMap((contract) => contract.configSections ?? []);
