import type { AnyConfigSection } from "@pap/core";
import type { Principal } from "../auth/principal";
import type { PermissionTable } from "../auth/roles";
import type { Resource } from "../resource";
import type { RestRoute, RestSurfaceOptions } from "../rest/route";
import type { SearchProjection } from "../search";

/** An event type a domain emits, as the platform's catalog lists it. */
export type DeclaredEventType = { type: string; source: string; description: string };

/**
 * What a domain is, as the platform registers it: its declared resources, the events it emits, its
 * permissions, its REST operations, how its records appear in search. It is plain data, so the REST
 * surface (and any tool) works from it without building a GraphQL schema; a contract never imports
 * its domain's implementation (the registry pairs the two, `gateway/src/domains.ts`).
 */
export type DomainContract = {
  name: string;
  resources: readonly Resource[];
  events?: { declarations: readonly DeclaredEventType[] };
  permissions: PermissionTable;
  restRoutes(options: RestSurfaceOptions): RestRoute[];
  /** Its records whose sensitive facts outside agencies' adapters may read, by kind (`intake/applications/members`). */
  sensitiveSources?: readonly SensitiveSource[];
  /** How the domain's records appear in cross-resource search, if they do. */
  search?: readonly SearchProjection[];
  /** Its sections of the deployment's configuration file (PLATFORM_CONFIG), checked together before the platform starts. */
  configSections?: readonly AnyConfigSection[];
};

/** A contract as a domain writes it: its REST operations may be a plain list when they do not depend on the surface's options. */
export type DomainDeclaration = Omit<DomainContract, "restRoutes"> & { restRoutes: readonly RestRoute[] | DomainContract["restRoutes"] };

/** A domain's contract (`contract/domain.ts`), in the one shape the REST surface, the registry and the tools read. */
export function defineDomain(declaration: DomainDeclaration): DomainContract {
  const { restRoutes } = declaration;
  return { ...declaration, restRoutes: typeof restRoutes === "function" ? restRoutes : () => [...restRoutes] };
}

/**
 * A domain's subgraph as its package's main entry exports it (`subgraph`, made by `defineSubgraph`):
 * built when the graph's processes ask, given the other registered domains, for those that describe
 * them (identity's roles grant permissions everywhere; the platform accepts every domain's events).
 */
export type DomainSubgraph<Definition> = { name: string; build(others: readonly DomainContract[]): Definition };

/** A domain in the platform's registry: its contract, and how its subgraph is loaded, only when a process asks for it. */
export type RegisteredDomain<Definition> = { contract: DomainContract; loadSubgraph(others: readonly DomainContract[]): Definition };

/**
 * Pairs a contract with its package's main entry, `load` requiring it only when called: loading a
 * subgraph builds its schema, which a process serving only REST never needs.
 */
export function registered<Definition>(
  contract: DomainContract,
  load: () => { subgraph: DomainSubgraph<Definition> },
): RegisteredDomain<Definition> {
  return {
    contract,
    loadSubgraph(others) {
      const { subgraph } = load();
      if (subgraph?.name !== contract.name)
        throw new Error(`The registry loads the subgraph "${subgraph?.name}" for the domain "${contract.name}"`);
      return subgraph.build(others);
    },
  };
}

/**
 * The contract a domain package's `/contract` entry exports under the domain's name: exactly one
 * value made by `defineDomain` whose `name` is the one the registry asked for, so a misnamed or
 * missing contract stops the start with the package's name rather than failing later.
 */
export function exportedContract(packageName: string, domainName: string, entry: Record<string, unknown>): DomainContract {
  const found = Object.values(entry).filter((value) => isDomainContract(value) && value.name === domainName);
  const [contract] = found;
  if (found.length !== 1 || !isDomainContract(contract))
    throw new Error(
      `${packageName}/contract must export exactly one domain contract (made by defineDomain) named "${domainName}"; it exports ${found.length}`,
    );
  return contract;
}

function isDomainContract(value: unknown): value is DomainContract {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<DomainContract>;
  return typeof candidate.name === "string" && Array.isArray(candidate.resources) && typeof candidate.restRoutes === "function";
}

/**
 * What an agency may be told of the person a call is about: exactly the facts agencies match on, and
 * for an income record what it says. Nothing else of the record leaves its domain.
 */
export type SensitiveSubject = {
  ssn: string | null;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  income?: { type: string; amount: number; frequency: string; employerName: string | null };
};

/**
 * A domain's door for the data-exchange adapters: the sensitive facts of one of its records, read by
 * id. It is the only way an adapter reaches another domain's records, it reads only those facts, and
 * what it returns goes to the agency and nowhere else (never stored on the call, never logged). The
 * reader names who asks, and the domain refuses (403) anyone its permission table does not grant the
 * facts: the adapters' own principal, which holds nothing else.
 */
export type SensitiveSource = {
  resourceType: string;
  /** The graph type of the records read, as the audit trail names them (`ApplicationMember`). */
  auditedAs: string;
  read(db: unknown, id: string, caller: Principal): Promise<SensitiveSubject | null>;
};
