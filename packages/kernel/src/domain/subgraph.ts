import type { GraphQLSchema } from "graphql";
import type { PermissionTable } from "../auth/roles";
import type { Logger } from "@pap/core";

/**
 * What every request brings to every subgraph, whichever process runs it: the process's shared
 * services (database, event runtime…) and the request's headers (lower-case names), which carry the
 * trace context and the caller's identity.
 */
export type RequestScope<Services> = Services & { headers: Record<string, string | undefined> };

/** An event type a domain emits, as the platform's catalog lists it. */
export type DeclaredEventType = { type: string; source: string; description: string };

/**
 * A subgraph as the gateway and the standalone subgraph server see it: a name, a federated schema,
 * a way to build its per-request context (fresh DataLoaders each time), and what it contributes to
 * the platform beside its schema.
 */
export type SubgraphDefinition<Services, Context extends object = object> = {
  name: string;
  schema: GraphQLSchema;
  createContext(scope: RequestScope<Services>): Context;
  /** The event types this domain emits. */
  events?: { declarations: readonly DeclaredEventType[] };
  /** Who may do what in this domain: its permissions and the roles granted each. */
  permissions: PermissionTable;
  /** Writes the domain's configuration-seeded records; run at every start, so it must be idempotent. */
  seed?(services: Services): Promise<void>;
  /**
   * Work that starts after the seed and runs beside serving (deriving what a migration left to derive):
   * the process waits for `done` when asked to settle, and stops it before closing.
   */
  background?(services: Services, logger: Logger): BackgroundWork;
};

/** Work running beside a process's requests. */
export type BackgroundWork = { done: Promise<void>; stop(): Promise<void> };
