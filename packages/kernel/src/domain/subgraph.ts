// The plugins' builder methods and options (asEntity, externalRef, authScopes…) are type augmentations:
// a domain's builder has them through this module's declarations.
/// <reference types="@pothos/plugin-federation" preserve="true" />
/// <reference types="@pothos/plugin-scope-auth" preserve="true" />
/// <reference types="@pothos/plugin-prisma" preserve="true" />
import type { PothosPrismaDatamodel, PrismaClient } from "@pothos/plugin-prisma";
import type { GraphQLSchema } from "graphql";
import type { PermissionTable } from "../auth/roles";
import type { DeclaredEventType, DomainContract, DomainSubgraph } from "./contract";
import type { KernelContext } from "../graphql/builder-methods";
import { createSubgraphBuilder } from "../graphql/subgraph-builder";
import type { Logger } from "@pap/core";

/**
 * What every request brings to every subgraph, whichever process runs it: the process's shared
 * services (database, event runtime…) and the request's headers (lower-case names), which carry the
 * trace context and the caller's identity.
 */
export type RequestScope<Services> = Services & { headers: Record<string, string | undefined> };

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

/**
 * What a domain's subgraph adds to its contract: its schema, its request context and what runs beside
 * serving. Its name, events and permissions are the contract's.
 */
export type SubgraphParts<Services, Context extends object> = Omit<
  SubgraphDefinition<Services, Context>,
  "name" | "events" | "permissions"
>;

/**
 * A domain's subgraph (`export const subgraph = defineSubgraph(…)` in its package's main entry), from
 * its contract and its parts (with any the platform reads beside those: its event consumers), or from
 * a function making the parts out of the other registered domains' contracts, for a domain that
 * describes the others. The services its parts are given are the ones its `createContext` takes.
 */
export function defineSubgraph<Services, Context extends object, Extra extends object>(
  contract: DomainContract,
  parts: (others: readonly DomainContract[]) => SubgraphParts<Services, Context> & Extra,
): DomainSubgraph<SubgraphDefinition<Services, Context> & Extra>;
export function defineSubgraph<Services, Context extends object, Extra extends object>(
  contract: DomainContract,
  parts: SubgraphParts<Services, Context> & Extra,
): DomainSubgraph<SubgraphDefinition<Services, Context> & Extra>;
export function defineSubgraph(
  contract: DomainContract,
  parts: SubgraphParts<never, object> | ((others: readonly DomainContract[]) => SubgraphParts<never, object>),
): DomainSubgraph<SubgraphDefinition<never>> {
  const built = (own: SubgraphParts<never, object>): SubgraphDefinition<never> => ({
    name: contract.name,
    ...(contract.events ? { events: contract.events } : {}),
    permissions: contract.permissions,
    ...own,
  });
  if (typeof parts === "function") return { name: contract.name, build: (others) => built(parts(others)) };
  const definition = built(parts);
  return { name: contract.name, build: () => definition };
}

/**
 * A domain's schema builder (its `builder.ts`): the plugin set every subgraph is built with, and the
 * Query, Mutation and Subscription roots its schema files extend.
 */
export function createDomainBuilder<Context extends KernelContext & { db: PrismaClient }, PrismaTypes extends object>(
  datamodel: PothosPrismaDatamodel,
) {
  const builder = createSubgraphBuilder<Context, PrismaTypes>(datamodel);
  builder.subscriptionType({});
  return builder;
}

/** A builder's resolved schema types, for the few refs that need an explicit type annotation. */
export type BuilderTypes<Builder> = Builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
