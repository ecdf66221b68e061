import type { PermissionTable } from "./auth/roles";
import type { Resource } from "./resource";
import type { RestRoute, RestSurfaceOptions } from "./rest/route";
import type { SearchProjection } from "./search";
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
  /** How the domain's records appear in cross-resource search, if they do. */
  search?: readonly SearchProjection[];
  /**
   * Builds the domain's subgraph (and its schema): only the graph's processes call this. It is given
   * the other registered domains, for those that describe them (identity's roles grant permissions
   * everywhere; the platform accepts every domain's events).
   */
  subgraph(others: readonly DomainContract[]): SubgraphDefinition<never>;
};
