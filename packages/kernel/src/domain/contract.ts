import type { Principal } from "../auth/principal";
import type { PermissionTable } from "../auth/roles";
import type { Resource } from "../resource";
import type { RestRoute, RestSurfaceOptions } from "./rest-route";
import type { SearchProjection } from "../search";
import type { DeclaredEventType, SubgraphDefinition } from "./subgraph";

/**
 * A domain as the platform registers it, once: its declared resources, the events it emits, its
 * permissions, its REST operations, and how to load its subgraph. Everything but the subgraph is
 * plain data, so the REST surface (and any tool) works from the registration without building a
 * GraphQL schema; the gateway loads the subgraphs from the same list.
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
  /**
   * Builds the domain's subgraph (and its schema): only the graph's processes call this. It is given
   * the other registered domains, for those that describe them (identity's roles grant permissions
   * everywhere; the platform accepts every domain's events).
   */
  subgraph(others: readonly DomainContract[]): SubgraphDefinition<never>;
};

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
  read(db: unknown, id: string, caller: Principal): Promise<SensitiveSubject | null>;
};
